/** Message shapes and wording that several kinds of the catalogue share. */
/** A text refused for one of its characters: where it is ("The page text", "The field title") and what the character is. */
/** A refused character: where it is, its name, and (in a value) its position or (in a file) the text just before it. */
export type Character = { where: string; character: string; position?: number; after?: string };
export const characterAt = ({ where, character, position, after }: Character) =>
  `${where} holds ${character}${position === undefined ? '' : ` (character ${position})`}${after ? `, right after "${after}"` : ''}`;
export const INVISIBLE = ', which is invisible or reorders the text around it';
