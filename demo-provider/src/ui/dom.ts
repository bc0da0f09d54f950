type Attributes = Record<string, string | number | boolean | undefined>;

const svgNamespace = 'http://www.w3.org/2000/svg';

function assemble<E extends Element>(element: E, attributes: Attributes, children: (Node | string)[]): E {
  for (const [name, value] of Object.entries(attributes)) {
    if (value === undefined || value === false) continue;
    element.setAttribute(name, value === true ? '' : String(value));
  }
  element.append(...children);
  return element;
}

/** An HTML element with attributes and children; text children are text, never markup. */
export function html<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
) {
  return assemble(document.createElement(tag), attributes, children);
}

/** An SVG element with attributes and children. */
export function svg<K extends keyof SVGElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: (Node | string)[]
) {
  return assemble(document.createElementNS(svgNamespace, tag), attributes, children);
}
