/** Props every inline icon gets: sized, drawn at one stroke width, decorative unless labelled. */
export function svgProps(size: number, label?: string) {
  return {
    width: size,
    height: size,
    strokeWidth: 1.75,
    focusable: 'false' as const,
    ...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const }),
  };
}
