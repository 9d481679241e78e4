// @vitest-environment jsdom
/**
 * The redirect that never undoes a move made after it was drawn: also when it is drawn again after that move (a
 * navigation whose screen is still loading keeps it drawn, and the router's navigate changes with the address).
 */
import { act, cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HashRouter, useNavigate, type NavigateFunction } from 'react-router';
import { Redirect } from '../../../renderer/src/components/Redirect';

afterEach(cleanup);

describe('Redirect', () => {
  it('sends the address it was drawn at home once; a move made after that stays, however often it is drawn again', async () => {
    window.history.replaceState(null, '', '/#/');
    let go: NavigateFunction | null = null;
    const Mover = () => {
      go = useNavigate();
      return null;
    };
    render(
      <HashRouter>
        <Mover />
        <Redirect to="/orders" />
      </HashRouter>,
    );
    await act(async () => undefined);
    expect(window.location.hash).toBe('#/orders');
    // the person moves on (Ctrl+5): the router's address changes, and the redirect is drawn again
    await act(async () => void go!('/today'));
    await act(async () => undefined);
    expect(window.location.hash).toBe('#/today');
    await act(async () => void go!('/settings'));
    expect(window.location.hash).toBe('#/settings');
  });
});
