// Board themes: the squares' colours as CSS variables on the page (--light-sq, --dark-sq),
// chosen in the game page's tools and remembered in localStorage.

const THEME_KEY = 'omnichess.theme';

/** The themes: name, label, light and dark squares. */
export const THEMES = [
  ['wood', 'Wood', '#f0d9b5', '#b58863'],
  ['blue', 'Blue', '#dee3e6', '#8ca2ad'],
  ['green', 'Green', '#ffffdd', '#86a666'],
];

export function currentTheme() {
  let name = null;
  try { name = localStorage.getItem(THEME_KEY); } catch { /* none kept */ }
  return THEMES.some(([n]) => n === name) ? name : THEMES[0][0];
}

/** Applies theme `name` to the page and keeps it. */
export function applyTheme(name) {
  const theme = THEMES.find(([n]) => n === name) || THEMES[0];
  const root = document.documentElement;
  root.dataset.theme = theme[0];
  root.style.setProperty('--light-sq', theme[2]);
  root.style.setProperty('--dark-sq', theme[3]);
  try { localStorage.setItem(THEME_KEY, theme[0]); } catch { /* this page only */ }
}

/** The squares' colours now: `[light, dark]`, for canvases. */
export function squareColours() {
  const style = getComputedStyle(document.documentElement);
  return [style.getPropertyValue('--light-sq').trim() || THEMES[0][2], style.getPropertyValue('--dark-sq').trim() || THEMES[0][3]];
}
