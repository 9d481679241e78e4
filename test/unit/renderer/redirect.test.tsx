// @vitest-environment jsdom
/**
 * The start-up redirect ("/" → Welcome or Orders) never undoes a click made between its paint and its effect: the
 * scan-labels e2e clicked Settings in that moment and stayed on Welcome for 90 s (react-router's <Navigate> replaced
 * the Settings address it had not been drawn for).
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import { HashRouter, Navigate, Route, Routes, useNavigate, type NavigateFunction } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Redirect } from '../../../renderer/src/components/Redirect';

/** A click on the navigation after the paint, before the passive effects: history moves at once, outside React. */
function ClickBeforeEffects({ to }: { to: string }): null {
  useLayoutEffect(() => {
    window.history.pushState(null, '', `#${to}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, [to]);
  return null;
}

function app(home: React.ReactNode, clickTo?: string): React.ReactElement {
  // the click's stand-in comes after the router, so its layout effect runs once the router listens (as after a paint)
  return (
    <>
      <HashRouter>
        <Routes>
          <Route path="/" element={home} />
          <Route path="/welcome" element={<h1>Welcome</h1>} />
          <Route path="/settings" element={<h1>Settings</h1>} />
          <Route path="*" element={<Redirect to="/welcome" />} />
        </Routes>
      </HashRouter>
      {clickTo && <ClickBeforeEffects to={clickTo} />}
    </>
  );
}

beforeEach(() => window.history.replaceState(null, '', '/#/'));
afterEach(cleanup);

describe('the start-up redirect', () => {
  it('goes home when nothing moved', async () => {
    render(app(<Redirect to="/welcome" />));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(window.location.hash).toBe('#/welcome');
  });

  it('an unknown address goes home too', async () => {
    window.history.replaceState(null, '', '/#/no-such-screen');
    render(app(<Redirect to="/welcome" />));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
  });

  it('a click between its paint and its effect is kept', async () => {
    render(app(<Redirect to="/welcome" />, '/settings'));
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(window.location.hash).toBe('#/settings');
  });

  it("(react-router's Navigate undid that click: the case this guards)", async () => {
    render(app(<Navigate to="/welcome" replace />, '/settings'));
    expect(await screen.findByRole('heading', { name: 'Welcome' })).toBeTruthy();
    expect(window.location.hash).toBe('#/welcome');
  });
});

describe('the redirect drawn again after a move', () => {
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
