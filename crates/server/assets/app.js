// The one page of the UI: reads location.pathname and shows the lobby (/), a game
// (/game/{id}), the analysis board (/analysis), the balance lab (/lab), the account page
// (/account), a player's profile (/player/{name}) or the leaderboard (/leaderboard).

import { showLobby } from './lobby.js';
import { showGame } from './game.js';
import { showAnalysis } from './analysis.js';
import { showLab } from './lab.js';
import { showAccount, accountLink } from './account.js';
import { showPlayer, showLeaderboard } from './players.js';
import { h } from './ui.js';

window.omnichess = window.omnichess || {};

/** A page that could not be shown: why, in words. */
function failed(app, error) {
  app.replaceChildren(h('section.panel.not-found', {},
    h('h1', { text: 'This page cannot be shown' }),
    h('p', { text: error && error.message ? error.message : String(error) })));
}

function route() {
  const app = document.getElementById('app');
  const path = location.pathname.replace(/\/+$/, '') || '/';
  const game = path.match(/^\/game\/([^/]+)$/);
  const player = path.match(/^\/player\/([^/]+)$/);
  for (const link of document.querySelectorAll('[data-nav]')) link.classList.remove('current');
  if (path === '/') {
    document.querySelector('[data-nav="lobby"]')?.classList.add('current');
    showLobby(app).catch((e) => failed(app, e));
  } else if (game) {
    showGame(app, decodeURIComponent(game[1]));
  } else if (path === '/analysis') {
    document.querySelector('[data-nav="analysis"]')?.classList.add('current');
    showAnalysis(app).catch((e) => failed(app, e));
  } else if (path === '/lab') {
    document.querySelector('[data-nav="lab"]')?.classList.add('current');
    showLab(app).catch((e) => failed(app, e));
  } else if (player) {
    showPlayer(app, decodeURIComponent(player[1])).catch((e) => failed(app, e));
  } else if (path === '/leaderboard') {
    document.querySelector('[data-nav="leaderboard"]')?.classList.add('current');
    showLeaderboard(app).catch((e) => failed(app, e));
  } else if (path === '/account') {
    document.querySelector('[data-nav="account"]')?.classList.add('current');
    showAccount(app).catch((e) => failed(app, e));
  } else {
    app.replaceChildren(h('section.panel.not-found', {},
      h('h1', { text: 'Nothing here' }),
      h('p', {}, 'No page at this address. ', h('a', { href: '/', text: 'Start a game' }), '.')));
  }
}

route();
accountLink();
