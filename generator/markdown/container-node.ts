/** The markdown tree's node for a fenced container or an admonition, shared by containers.ts and admonitions.ts. */
import type { BlockContent, Data, DefinitionContent, Parent } from 'mdast';

/** A container as the markdown tree holds it, until remarkContainers makes it HTML: fenced, or an admonition. */
export interface FencedContainer extends Parent {
  type: 'fencedContainer';
  name: string;
  children: (BlockContent | DefinitionContent)[];
  data?: Data;
  /** Its name was written in braces, as MyST writes a directive's (`:::{note}`). */
  braced?: true;
  /** An admonition (admonitions.ts): its title as written in quotes (`''` for none), and whether it folds. */
  admonition?: true;
  title?: string;
  folds?: 'open' | 'closed';
}

declare module 'mdast' {
  interface RootContentMap {
    fencedContainer: FencedContainer;
  }
  interface BlockContentMap {
    fencedContainer: FencedContainer;
  }
  interface ParagraphData {
    /** The paragraph holds a container's title (the rest of its opening line). */
    containerTitle?: boolean;
  }
}
