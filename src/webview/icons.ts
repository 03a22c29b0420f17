/** Icons as inline SVG (no resource to load, so the Content-Security-Policy stays strict), coloured by the theme. */
const ICONS = {
  error: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 1.2a5.8 5.8 0 1 1 0 11.6A5.8 5.8 0 0 1 8 2.2zM5.6 4.8 4.8 5.6 7.2 8l-2.4 2.4.8.8L8 8.8l2.4 2.4.8-.8L8.8 8l2.4-2.4-.8-.8L8 7.2z',
  warning: 'M7.1 1.6a1 1 0 0 1 1.8 0l6.5 12.2a1 1 0 0 1-.9 1.5H1.5a1 1 0 0 1-.9-1.5zM8 2.6 1.9 14.1h12.2zM7.4 6h1.2v4.4H7.4zm0 5.4h1.2v1.2H7.4z',
  info: 'M8 1a7 7 0 1 0 0 14A7 7 0 0 0 8 1zm0 1.2a5.8 5.8 0 1 1 0 11.6A5.8 5.8 0 0 1 8 2.2zM7.4 7h1.2v4.6H7.4zm0-2.4h1.2v1.2H7.4z',
  ok: 'M6.3 11.3 2.9 7.9l.8-.8 2.6 2.6 6-6 .8.8z',
  bulb: 'M8 1a4.5 4.5 0 0 0-2.6 8.2c.4.3.6.7.6 1.2V11h4v-.6c0-.5.2-.9.6-1.2A4.5 4.5 0 0 0 8 1zm2 7.4c-.6.4-1 1.1-1.1 1.8H7.1C7 9.5 6.6 8.8 6 8.4a3.3 3.3 0 1 1 4 0zM6 12h4v1.2H6zm1 2h2v1H7z',
} as const;

export type IconKind = keyof typeof ICONS;

export function icon(kind: IconKind): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 16 16');
  svg.setAttribute('class', `svg-icon ${kind}`);
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', ICONS[kind]);
  path.setAttribute('fill-rule', 'evenodd');
  svg.appendChild(path);
  return svg;
}
