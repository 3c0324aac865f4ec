// The account page (/account): sign up or sign in with a name and a password, or, signed in,
// who you are and Sign out. Accounts are optional: every game can be played without one.
// The header's account link (`accountLink`) says who is signed in on every page.

/** @typedef {import('./protocol.js').SessionInfo} SessionInfo */

import { request } from './api.js';
import { h, showMessage, clearMessage, title } from './ui.js';

/** @returns {Promise<SessionInfo>} who is signed in (GET /api/account). */
export function session() {
  return request('GET', '/api/account');
}

/** Sets the header's account link (#account-link) to the name signed in, or "Sign in". */
export async function accountLink() {
  const link = document.getElementById('account-link');
  if (!link) return;
  try {
    const { account } = await session();
    link.textContent = account ? account.name : 'Sign in';
    link.dataset.signedIn = String(!!account);
  } catch { /* the link keeps its text */ }
}

export async function showAccount(app) {
  title('Account');
  const { account } = await session();
  if (account) {
    const out = h('button.secondary#sign-out', { type: 'button', text: 'Sign out' });
    out.addEventListener('click', async () => {
      await request('POST', '/api/account/signout');
      await accountLink();
      showAccount(app);
    });
    app.replaceChildren(h('section.panel.account#account', {},
      h('h1', { text: account.name }),
      h('p.muted', { text: `Signed in. Member since ${new Date(account.created_ms).toISOString().slice(0, 10)}. Your seats in seeks and games against the engine are bound to this name, and seeks without takebacks between two accounts are rated.` }),
      h('p', {}, h('a#profile-link', { href: `/player/${encodeURIComponent(account.name)}`, text: 'Your profile: ratings and games' })),
      h('div.buttons', {}, out)));
    return;
  }
  const name = h('input#account-name', { type: 'text', name: 'name', autocomplete: 'username', maxlength: 20, required: true });
  const password = h('input#account-password', { type: 'password', name: 'password', autocomplete: 'current-password', maxlength: 128, required: true });
  const send = (path) => async () => {
    clearMessage();
    try {
      await request('POST', path, { name: name.value, password: password.value });
      await accountLink();
      showAccount(app);
    } catch (e) {
      showMessage(e.message, 'error');
    }
  };
  const signIn = h('button.primary#sign-in', { type: 'button', text: 'Sign in' });
  const signUp = h('button.secondary#sign-up', { type: 'button', text: 'Sign up' });
  signIn.addEventListener('click', send('/api/account/signin'));
  signUp.addEventListener('click', send('/api/account/signup'));
  app.replaceChildren(h('section.panel.account#account', {},
    h('h1', { text: 'Sign in or sign up' }),
    h('p.muted', { text: 'An account is optional: you can play without one. A name has 2 to 20 letters, digits, _ or -; a password 8 to 128 characters.' }),
    h('label.field', {}, h('span', { text: 'Name' }), name),
    h('label.field', {}, h('span', { text: 'Password' }), password),
    h('div.buttons', {}, signIn, signUp)));
}
