/**
 * Our vector art for every symbol, drawn on a 100 × 100 grid. Only presentation attributes:
 * the provider's Content-Security-Policy allows no inline styles.
 */
export const symbolArt = {
  pug: `<path d="M22 28 8 54l16 4zM78 28l14 26-16 4z" fill="#4a3222"/><ellipse cx="50" cy="55" rx="32" ry="30" fill="#d9a86c"/><ellipse cx="50" cy="70" rx="17" ry="13" fill="#4a3222"/><ellipse cx="50" cy="63" rx="7" ry="4.5" fill="#111"/><path d="M20 42h60v5c0 9-6 13-13 13s-11-5-13-11h-8c-2 6-6 11-13 11s-13-4-13-13z" fill="#111"/><path d="M27 46l6 6M60 46l6 6" stroke="#fff" stroke-width="3" stroke-linecap="round"/>`,
  shades: `<path d="M6 36h88v7c0 15-10 22-21 22S55 56 55 45h-10c0 11-7 20-18 20S6 58 6 43z" fill="#111" stroke="#f97316" stroke-width="4" stroke-linejoin="round"/><path d="M16 44l10 10M64 44l10 10" stroke="#fff" stroke-width="4" stroke-linecap="round"/>`,
  skull: `<path d="M50 12c-21 0-35 14-35 33 0 10 5 18 12 23v16h46V68c7-5 12-13 12-23 0-19-14-33-35-33z" fill="#e5e7eb"/><circle cx="36" cy="45" r="10" fill="#22c55e"/><circle cx="64" cy="45" r="10" fill="#22c55e"/><path d="M50 55l-6 10h12z" fill="#1f2937"/><path d="M38 72v10M46 72v10M54 72v10M62 72v10" stroke="#1f2937" stroke-width="3"/>`,
  tombstone: `<path d="M26 86V40c0-16 11-26 24-26s24 10 24 26v46z" fill="#9ca3af" stroke="#374151" stroke-width="4"/><path d="M50 28v32M39 39h22" stroke="#374151" stroke-width="6"/><path d="M12 88h76" stroke="#16a34a" stroke-width="7" stroke-linecap="round"/>`,
  bones: `<g fill="#fef3c7" stroke="#57534e" stroke-width="4"><path transform="rotate(45 50 50)" d="M22 45h56a8 8 0 1 1 0 10H22a8 8 0 1 1 0-10z"/><path transform="rotate(-45 50 50)" d="M22 45h56a8 8 0 1 1 0 10H22a8 8 0 1 1 0-10z"/></g>`,
  star: `<path d="M50 8l12 27 29 3-22 19 7 29-26-15-26 15 7-29-22-19 29-3z" fill="#facc15" stroke="#b45309" stroke-width="4" stroke-linejoin="round"/>`,
  eagle: `<path d="M50 44C42 30 24 20 4 22c9 6 13 13 15 22 9 0 19 4 25 11zM50 44c8-14 26-24 46-22-9 6-13 13-15 22-9 0-19 4-25 11z" fill="#7c2d12"/><path d="M41 48c0-9 4-15 9-15s9 6 9 15l-2 26-7 10-7-10z" fill="#92400e"/><circle cx="50" cy="30" r="9" fill="#f8fafc"/><path d="M57 28l10 4-10 4z" fill="#f59e0b"/><circle cx="52" cy="28" r="2" fill="#111"/>`,
  mountain: `<circle cx="62" cy="40" r="18" fill="#fb923c"/><path d="M4 88l30-46 16 20 12-14 34 40z" fill="#334155"/><path d="M34 42l-9 14 9-5 7 7z" fill="#f8fafc"/>`,
  mushroom: `<path d="M12 52c0-22 17-38 38-38s38 16 38 38z" fill="#dc2626"/><circle cx="33" cy="36" r="6" fill="#fff"/><circle cx="57" cy="27" r="5" fill="#fff"/><circle cx="71" cy="43" r="5" fill="#fff"/><path d="M37 52h26l4 30c0 5-5 7-17 7s-17-2-17-7z" fill="#fef3c7"/>`,
  pine: `<path d="M50 6 24 42h12L16 68h68L64 42h12z" fill="#16a34a" stroke="#14532d" stroke-width="3" stroke-linejoin="round"/><path d="M44 68h12v22H44z" fill="#78350f"/>`,
  clock: `<path d="M38 12h24" stroke="#b45309" stroke-width="7" stroke-linecap="round"/><circle cx="50" cy="54" r="34" fill="#fef3c7" stroke="#b45309" stroke-width="6"/><path d="M50 54V32M50 54l15 9" stroke="#1f2937" stroke-width="5" stroke-linecap="round"/>`,
  gear: `<g fill="#94a3b8" stroke="#475569" stroke-width="2"><path d="M44 8h12v84H44z"/><path transform="rotate(45 50 50)" d="M44 8h12v84H44z"/><path transform="rotate(90 50 50)" d="M44 8h12v84H44z"/><path transform="rotate(135 50 50)" d="M44 8h12v84H44z"/><circle cx="50" cy="50" r="30"/></g><circle cx="50" cy="50" r="11" fill="#1e293b"/>`,
  seven: `<path d="M24 18h54v13L50 84H34l28-50H24z" fill="#e11d48" stroke="#881337" stroke-width="4" stroke-linejoin="round"/>`,
  bell: `<path d="M50 12c-4 0-6 3-6 6-14 4-20 16-20 30v14l-9 11h70l-9-11V48c0-14-6-26-20-30 0-3-2-6-6-6z" fill="#facc15" stroke="#a16207" stroke-width="4" stroke-linejoin="round"/><circle cx="50" cy="82" r="7" fill="#a16207"/>`,
  gem: `<path d="M30 20h40l18 22-38 44-38-44z" fill="#38bdf8" stroke="#0c4a6e" stroke-width="4" stroke-linejoin="round"/><path d="M12 42h76M40 42l10-22 10 22M40 42l10 44 10-44" fill="none" stroke="#0c4a6e" stroke-width="3" stroke-linejoin="round"/>`,
  coin: `<circle cx="50" cy="50" r="36" fill="#fbbf24" stroke="#b45309" stroke-width="5"/><circle cx="50" cy="50" r="25" fill="none" stroke="#b45309" stroke-width="3"/><path d="M50 34l4 12 12 4-12 4-4 12-4-12-12-4 12-4z" fill="#b45309"/>`,
} as const;

export type SymbolArtName = keyof typeof symbolArt;
