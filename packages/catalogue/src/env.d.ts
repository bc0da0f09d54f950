interface ImportMetaEnv {
  /** The game provider's demo launcher URL (set in the repository's .env). */
  readonly VITE_GAME_DEMO_BASE_URL: string | undefined;
}
