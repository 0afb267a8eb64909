import { type CSSVariablesResolver, createTheme } from '@mantine/core';

/**
 * Calm, professional: Mantine defaults with indigo as the primary colour. Shades are chosen for WCAG AA
 * contrast (4.5:1): filled buttons use indigo 8, dimmed text gray 7, and `autoContrast` picks dark text on
 * light fills (yellow badges).
 */
export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 8, dark: 5 },
  autoContrast: true,
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  focusRing: 'auto',
  // People who ask their system for less motion get dialogs and menus without animation.
  respectReducedMotion: true,
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-gray-light-color': 'var(--mantine-color-gray-8)',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
    '--mantine-color-green-light-color': 'var(--mantine-color-green-9)',
    '--mantine-color-red-light-color': 'var(--mantine-color-red-9)',
    // a hovered subtle/light red button (Stornieren) keeps red 9 text at 4.5:1 (the default hover tint gave 3.75)
    '--mantine-color-red-light-hover': 'var(--mantine-color-red-1)',
    '--mantine-color-yellow-light-color': 'var(--mantine-color-yellow-9)',
    '--mantine-color-indigo-light-color': 'var(--mantine-color-indigo-9)',
  },
  dark: {},
});
