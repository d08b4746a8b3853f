/**
 * An island that fails in the browser never leaves a hole in the page.
 *
 * Whatever an island throws while it renders (hydration included) or in an
 * effect, its boundary logs it with the island's name and puts back the
 * markup the server wrote, which works without a script: links lead where
 * they lead, forms post natively, the header's panels open from CSS. The
 * React error-boundary API (getDerivedStateFromError, componentDidCatch) does
 * the catching.
 *
 * Why put the markup back rather than render a fallback: once a component
 * throws during hydration, React discards the server's DOM and renders the
 * root again in the browser. So the
 * markup is cloned before hydration starts, and the boundary's fallback
 * restores those clones once its own (empty) render has been committed. What
 * the visitor typed, ticked or focused in the island is carried over.
 */
import { Component, useEffect, useLayoutEffect, type ErrorInfo, type ReactNode } from 'react';
import { markIsland } from './island-state';

type ControlState = { value: string; checked: boolean };
type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const controlsOf = (root: ParentNode) => [...root.querySelectorAll<FormControl>('input[id], textarea[id], select[id]')];

/** The id of the focused element when it is inside `root` and has one. */
function focusedIdIn(root: Element): string | undefined {
  const active = document.activeElement;
  return active && active !== root && root.contains(active) && active.id ? active.id : undefined;
}

/** An island root's server-rendered markup, kept from before hydration so that a failure can put it back. */
export class ServerMarkup {
  private readonly nodes: Node[];
  private controls: Map<string, ControlState> | undefined;
  private focusedId: string | undefined;
  private restored = false;

  constructor(readonly root: Element) {
    // Clones keep what is typed into them: a visitor may type before the island hydrates.
    this.nodes = [...root.childNodes].map((node) => node.cloneNode(true));
    // The focus that started the hydration (a Tab into the island) is put back if a failure takes it away.
    this.focusedId = focusedIdIn(root);
  }

  /** True once the server markup is back in place (the island failed). */
  get failed(): boolean {
    return this.restored;
  }

  /**
   * Notes what the visitor has typed, chosen and focused in the island as it
   * stands. Called when the island has failed but before its DOM is removed
   * (React removes it only when the boundary's fallback is committed).
   */
  remember(): void {
    if (this.controls) return;
    this.controls = new Map(controlsOf(this.root).map((c) => [c.id, { value: c.value, checked: 'checked' in c && c.checked }]));
    if (this.root.contains(document.activeElement)) this.focusedId = focusedIdIn(this.root);
  }

  /** Puts the server markup back, with what the visitor had entered, and their focus where it was. */
  restore(): void {
    if (this.restored) return;
    this.restored = true;
    this.root.replaceChildren(...this.nodes);
    markIsland(this.root, 'failed');
    for (const control of controlsOf(this.root)) {
      const state = this.controls?.get(control.id);
      if (!state) continue;
      if (control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')) control.checked = state.checked;
      else if (!(control instanceof HTMLInputElement && control.type === 'file')) control.value = state.value;
    }
    // Only a focus the failure took away: one the visitor has since moved elsewhere stays there.
    const lost = !document.activeElement || document.activeElement === document.body;
    if (lost && this.focusedId) document.getElementById(this.focusedId)?.focus({ preventScroll: true });
  }
}

export interface IslandBoundaryProps {
  /** The island's name (its module), for the log. */
  name: string;
  markup: ServerMarkup;
  children?: ReactNode;
}

/** Logs an island's failure and leaves the page its server-rendered markup. */
export class IslandBoundary extends Component<IslandBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    const stack = info?.componentStack ? [`\nComponent stack:${info.componentStack}`] : [];
    console.error(`Island "${this.props.name}" failed in the browser; the page keeps its server-rendered markup.`, error, ...stack);
  }

  override render(): ReactNode {
    if (!this.state.failed) {
      return (
        <>
          {this.props.children}
          <Live root={this.props.markup.root} />
        </>
      );
    }
    this.props.markup.remember();
    return <RestoreServerMarkup markup={this.props.markup} />;
  }
}

/** Marks the island live; rendered after it, so its effect runs after the island's own first effects. */
function Live({ root }: { root: Element }) {
  useEffect(() => markIsland(root, 'live'), [root]);
  return null;
}

/** Renders nothing, then puts the server markup back into the emptied island root. */
function RestoreServerMarkup({ markup }: { markup: ServerMarkup }) {
  useLayoutEffect(() => markup.restore(), [markup]);
  return null;
}
