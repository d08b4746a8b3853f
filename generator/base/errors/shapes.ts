/** Message shapes and wording that several kinds of the catalogue share. */
/** A text refused for one of its characters: where it is ("The page text", "The field title") and what the character is. */
export type Character = { where: string; character: string; position?: number };
export const characterAt = ({ where, character, position }: Character) =>
  `${where} holds ${character}${position === undefined ? '' : ` (character ${position})`}`;
export const INVISIBLE = ', which is invisible or reorders the text around it';
