/** Chart colours come from CSS custom properties, so light and dark themes live in the stylesheet. */
export function cssVariables(el: HTMLElement): (name: string, fallback: string) => string {
  const css = getComputedStyle(el)
  return (name, fallback) => css.getPropertyValue(name).trim() || fallback
}

export interface AxisColors {
  axis: string
  grid: string
}

/** The axis and grid colours every chart shares. */
export function readAxisColors(el: HTMLElement): AxisColors {
  const get = cssVariables(el)
  return { axis: get('--chart-axis', '#888'), grid: get('--chart-grid', 'rgba(128,128,128,0.15)') }
}
