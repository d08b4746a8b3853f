// @vitest-environment jsdom
/** The island boundary on React 19 (react-dom/client's hydrateRoot), as islands will run in the browser. */
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { boundaryCases, SERVER } from './island-boundary-cases';

// React's act() expects to be told it runs in a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe('the shared cases', () => {
  it('start from the markup React 19 renders on the server', () => {
    for (const { element, html } of Object.values(SERVER)) expect(renderToString(element)).toBe(html);
  });
});

boundaryCases(async (callback) => {
  await act(async () => {
    await callback();
  });
});
