/**
 * docs/spec.md §9: the 4 default custom styles, UEditor's defaults (centred title, left title, emphasis,
 * strong emphasis). Their declarations are written in the form the shared allow-list keeps
 * ("property: value; …"), so the saved HTML comes back unchanged; UEditor's padding and margin are
 * left out because the allow-list drops them.
 */
export interface CustomStyle {
  id: 'tc' | 'tl' | 'im' | 'hi';
  /** A block style turns the paragraph into a level-1 heading; an inline style marks the selection. */
  kind: 'block' | 'inline';
  style: string;
}

export const CUSTOM_STYLES: readonly CustomStyle[] = [
  { id: 'tc', kind: 'block', style: 'border-bottom: 2px solid #ccc; text-align: center' },
  { id: 'tl', kind: 'block', style: 'border-bottom: 2px solid #ccc; text-align: left' },
  { id: 'im', kind: 'inline', style: 'font-style: italic; font-weight: bold' },
  {
    id: 'hi',
    kind: 'inline',
    style: 'font-style: italic; font-weight: bold; color: rgb(51, 153, 204)',
  },
];

/** The `data-type` that marks an element as carrying a custom style (kept by the allow-list). */
export const customStyleType = (id: CustomStyle['id']) => `custom-style-${id}`;

export function customStyleFromType(
  dataType: string | null,
  kind: CustomStyle['kind'],
): CustomStyle | undefined {
  return CUSTOM_STYLES.find(
    (style) => style.kind === kind && customStyleType(style.id) === dataType,
  );
}

/** A style's declarations as a React style object (for previews in the menu). */
export function styleObject(style: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const property = declaration
      .slice(0, colon)
      .trim()
      .replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    result[property] = declaration.slice(colon + 1).trim();
  }
  return result;
}
