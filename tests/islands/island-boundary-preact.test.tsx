// @vitest-environment jsdom
/** The island boundary on preact/compat, which the browser bundles alias React to today (generator/assets/client/react.ts). */
import { act } from 'preact/test-utils';
import { describe, expect, it, vi } from 'vitest';
import { boundaryCases } from './island-boundary-cases';

vi.mock('react', () => import('../../generator/assets/client/react'));
vi.mock('react-dom/client', () => import('../../generator/assets/client/react'));
vi.mock('react/jsx-runtime', () => import('../../generator/assets/client/react'));
vi.mock('react/jsx-dev-runtime', async () => {
  const { jsx, Fragment } = await import('../../generator/assets/client/react');
  return { jsxDEV: jsx, Fragment };
});

describe('these cases', () => {
  it('run on the browser bundles’ React', async () => {
    const browserReact = await import('../../generator/assets/client/react');
    expect((await import('react-dom/client')).hydrateRoot).toBe(browserReact.hydrateRoot);
    expect((await import('react')).Component).toBe((browserReact.default as unknown as typeof import('react')).Component);
  });
});

boundaryCases(act);
