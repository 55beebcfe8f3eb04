// The dashboard's second floor, inlined into the first floor's script scope (script.ts): world
// switcher, state browser, token minting, a streaming chat playground and journal entries opened
// to their (masked) request and answer. Raw browser JavaScript: no backticks, no placeholders.

export const FLOOR2_SCRIPT = String.raw`
  var STATE_LIMIT = 50;
  var stateOffset = 0;
  var stateTotal = 0;
  var openSeq = null;
  var floor2Ticks = 0;

  /** The world every dashboard request acts on ("default" sends no header). */
  function currentWorld() {
    var select = byId('world-select');
    return select && select.value ? select.value : 'default';
  }

  function worldHeaders(headers) {
    var world = currentWorld();
    if (world !== 'default') headers['x-emulator-world'] = world;
    return headers;
  }

  /** Lists the worlds; without the worlds API (404) the one world is "default". */
  async function loadWorlds() {
    var select = byId('world-select');
    var ids = ['default'];
    var note = '';
    try {
      var res = await fetch('worlds');
      if (res.ok) {
        var list = await res.json();
        ids = list.worlds.map(function (w) { return w.id; });
        if (ids.indexOf('default') < 0) ids.unshift('default');
      } else {
        note = 'worlds API not available (' + res.status + '): the default world only';
      }
    } catch (err) {
      note = 'worlds API not reachable: ' + err.message;
    }
    var keep = select.value || 'default';
    var before = Array.prototype.map.call(select.options, function (o) { return o.value; }).join(',');
    if (before !== ids.join(',')) {
      select.replaceChildren();
      ids.forEach(function (id) { select.appendChild(el('option', { value: id, text: id })); });
      select.value = ids.indexOf(keep) >= 0 ? keep : 'default';
      if (select.value !== keep) onWorldChange();
    }
    select.title = note || ids.length + (ids.length === 1 ? ' world' : ' worlds');
    select.setAttribute('data-count', String(ids.length));
  }

  async function onWorldChange() {
    shown = {};
    stateOffset = 0;
    openSeq = null;
    byId('journal-detail').hidden = true;
    byId('chat-reply').textContent = '';
    byId('chat-meta').textContent = '';
    setStatus('World ' + currentWorld(), false);
    await loadScenarios();
    await Promise.all([refresh(), loadPickers()]);
  }

  // ---- state browser -------------------------------------------------------------------------

  function cellText(value) {
    if (value === null || value === undefined) return '\u2014';
    if (typeof value === 'object') return JSON.stringify(value);
    return String(value);
  }

  async function refreshState() {
    var kind = byId('state-kind').value;
    var page = await api('GET', 'dashboard/state/' + kind + '?limit=' + STATE_LIMIT + (stateOffset ? '&cursor=' + stateOffset : ''));
    stateTotal = page.total;
    var last = stateOffset + page.data.length;
    byId('state-count').textContent = page.total === 0 ? 'none' : (stateOffset + 1) + '\u2013' + last + ' of ' + page.total;
    byId('state-prev').disabled = stateOffset === 0;
    byId('state-next').disabled = !page.hasMore;
    var columns = page.data.length ? Object.keys(page.data[0]) : [];
    var fingerprint = kind + JSON.stringify(page.data);
    if (shown.state === fingerprint) return;
    shown.state = fingerprint;
    var head = byId('state-head');
    head.replaceChildren(el('tr', {}, columns.map(function (c) { return el('th', { text: c }); }).concat(kind === 'users' || kind === 'releases' ? [el('th', {})] : [])));
    fill('state-rows', 'state-rows', page.data, Math.max(columns.length, 1), function (row) {
      var cells = columns.map(function (c) {
        var text = cellText(row[c]);
        return el('td', { className: c === 'id' || /Id$/.test(c) || /At$/.test(c) ? 'mono' : '', 'data-column': c, text: text });
      });
      if (kind === 'users') cells.push(el('td', {}, [el('button', { 'data-mint-user': row.id, text: 'mint token' })]));
      if (kind === 'releases') cells.push(el('td', {}, [el('button', { 'data-chat-release': row.workspaceId + '/' + row.id, text: 'chat' })]));
      return el('tr', { 'data-testid': 'state-row', 'data-id': row.id }, cells);
    }, 'Nothing of this kind in this world.');
  }

  byId('state-kind').addEventListener('change', function () { stateOffset = 0; refreshState().catch(showError); });
  byId('state-prev').addEventListener('click', function () { stateOffset = Math.max(0, stateOffset - STATE_LIMIT); refreshState().catch(showError); });
  byId('state-next').addEventListener('click', function () { if (stateOffset + STATE_LIMIT < stateTotal) stateOffset += STATE_LIMIT; refreshState().catch(showError); });
  byId('state-refresh').addEventListener('click', function () { shown.state = null; Promise.all([refreshState(), loadPickers()]).catch(showError); });
  byId('state-rows').addEventListener('click', function (event) {
    var target = event.target;
    if (!target || !target.getAttribute) return;
    var user = target.getAttribute('data-mint-user');
    if (user) {
      byId('token-user').value = user;
      mintToken().catch(showError);
    }
    var release = target.getAttribute('data-chat-release');
    if (release) {
      byId('chat-release').value = release;
      byId('chat-prompt').focus();
    }
  });

  function showError(err) { setStatus(err.message, true); }

  /** Users for the token picker and releases for the playground, from the state browser's routes. */
  async function loadPickers() {
    var answers = await Promise.all([api('GET', 'dashboard/state/users?limit=200'), api('GET', 'dashboard/state/releases?limit=200')]);
    var users = byId('token-user');
    var keepUser = users.value;
    users.replaceChildren();
    answers[0].data.forEach(function (u) { users.appendChild(el('option', { value: u.id, text: u.id + (u.email ? ' <' + u.email + '>' : '') })); });
    if (keepUser) users.value = keepUser;
    var releases = byId('chat-release');
    var keepRelease = releases.value;
    releases.replaceChildren();
    answers[1].data.forEach(function (r) {
      releases.appendChild(el('option', { value: r.workspaceId + '/' + r.id, text: r.name + ' (' + r.id + ', ' + r.status + ')' }));
    });
    if (keepRelease) releases.value = keepRelease;
  }

  // ---- tokens -----------------------------------------------------------------------------------

  async function mintToken() {
    var userId = byId('token-user').value;
    if (!userId) throw new Error('Pick a user first');
    var body = { userId: userId };
    var ttl = byId('token-ttl').value.trim();
    if (ttl !== '') body.expiresInSec = Number(ttl);
    var minted = await api('POST', 'tokens', body);
    byId('token-value').value = minted.accessToken;
    byId('token-value').setAttribute('data-user', userId);
    byId('token-expires').textContent = 'for ' + userId + ', expires ' + minted.expiresAt;
    byId('chat-auth').value = 'token';
    byId('chat-credential').value = minted.accessToken;
    setStatus('Minted a token for ' + userId, false);
  }

  byId('token-mint').addEventListener('click', function () { mintToken().catch(showError); });
  byId('token-copy').addEventListener('click', async function () {
    var input = byId('token-value');
    if (!input.value) return setStatus('Mint a token first', true);
    try {
      await navigator.clipboard.writeText(input.value);
    } catch (err) {
      input.select();
      document.execCommand('copy');
    }
    setStatus('Token copied to the clipboard', false);
  });

  // ---- chat playground --------------------------------------------------------------------------

  /** Sends the prompt to the service's streaming chat route and shows the deltas as they come. */
  async function sendChat() {
    var picked = byId('chat-release').value.split('/');
    if (picked.length !== 2) throw new Error('Pick a release first');
    var credential = byId('chat-credential').value.trim();
    if (!credential) throw new Error('Mint a token or paste an API key first');
    var headers = worldHeaders({ 'content-type': 'application/json', accept: 'text/event-stream' });
    if (byId('chat-auth').value === 'key') headers['x-api-key'] = credential;
    else headers.authorization = 'Bearer ' + credential;
    var reply = byId('chat-reply');
    var meta = byId('chat-meta');
    reply.textContent = '';
    reply.removeAttribute('data-done');
    meta.textContent = 'streaming\u2026';
    var body = { releaseId: picked[1], messages: [{ role: 'user', content: byId('chat-prompt').value }], stream: true };
    var res = await fetch('../api/v1/workspaces/' + encodeURIComponent(picked[0]) + '/chat/completions', { method: 'POST', headers: headers, body: JSON.stringify(body) });
    if (!res.ok || !res.body) {
      var text = await res.text();
      var envelope = null;
      try { envelope = JSON.parse(text).error; } catch (e) { envelope = null; }
      meta.textContent = '';
      throw new Error('Chat answered ' + res.status + (envelope ? ' ' + envelope.code + ': ' + envelope.message : ''));
    }
    var reader = res.body.getReader();
    var decoder = new TextDecoder();
    var buffer = '';
    var chunks = 0;
    var last = null;
    for (;;) {
      var step = await reader.read();
      if (step.done) break;
      buffer += decoder.decode(step.value, { stream: true });
      var frames = buffer.split('\n\n');
      buffer = frames.pop();
      frames.forEach(function (frame) {
        frame.split('\n').forEach(function (line) {
          if (line.indexOf('data:') !== 0) return;
          var data = line.slice(5).trim();
          if (data === '[DONE]') return;
          var chunk = JSON.parse(data);
          last = chunk;
          chunks += 1;
          var delta = chunk.choices && chunk.choices[0] && chunk.choices[0].delta;
          if (delta && delta.content) reply.appendChild(document.createTextNode(delta.content));
        });
      });
    }
    reply.setAttribute('data-done', 'true');
    reply.setAttribute('data-chunks', String(chunks));
    if (last) {
      reply.setAttribute('data-transcript-id', last.transcriptId);
      meta.textContent = chunks + ' chunks \u00b7 transcript ' + last.transcriptId + (last.usage ? ' \u00b7 ' + last.usage.total_tokens + ' tokens' : '');
    }
    return 'Streamed ' + chunks + ' chunks';
  }

  byId('chat-form').addEventListener('submit', action(sendChat));

  // ---- journal entries opened -------------------------------------------------------------------

  function headerLines(headers) {
    return headers.map(function (h) { return h[0] + ': ' + h[1]; }).join('\n');
  }

  function bodyBlock(body) {
    if (body.text === null) return el('div', { className: 'muted', text: '(' + (body.note || 'no body') + ')' });
    return el('pre', { className: 'body', text: body.text + (body.truncated ? '\n\u2026 (cut at 16 KB)' : '') });
  }

  async function openEntry(seq) {
    var found = await api('GET', 'dashboard/requests/' + seq);
    openSeq = seq;
    var box = byId('journal-detail');
    var e = found.entry;
    box.replaceChildren(
      el('div', { className: 'row' }, [
        el('b', { className: 'mono', text: e.method + ' ' + e.path + ' \u2192 ' + e.status }),
        el('span', { className: 'muted', text: e.at + (e.keyId ? ' \u00b7 ' + e.keyId : '') }),
        el('span', { className: 'spacer' }),
        el('button', { id: 'journal-detail-close', text: 'close' }),
      ]),
    );
    if (!found.request) {
      box.appendChild(el('div', { className: 'muted', text: 'Bodies were not kept for this entry.' }));
    } else {
      box.appendChild(el('h3', { text: 'Request' }));
      box.appendChild(el('pre', { className: 'headers', 'data-testid': 'detail-request-headers', text: headerLines(found.request.headers) }));
      box.appendChild(el('div', { 'data-testid': 'detail-request-body' }, [bodyBlock(found.request.body)]));
      box.appendChild(el('h3', { text: 'Answer' }));
      box.appendChild(el('pre', { className: 'headers', 'data-testid': 'detail-response-headers', text: headerLines(found.response.headers) }));
      box.appendChild(el('div', { 'data-testid': 'detail-response-body' }, [bodyBlock(found.response.body)]));
    }
    box.setAttribute('data-seq', String(seq));
    box.hidden = false;
    byId('journal-detail-close').addEventListener('click', function () { box.hidden = true; openSeq = null; });
  }

  byId('journal-rows').addEventListener('click', function (event) {
    var row = event.target && event.target.closest ? event.target.closest('tr[data-seq]') : null;
    if (row) openEntry(Number(row.getAttribute('data-seq'))).catch(showError);
  });

  byId('world-select').addEventListener('change', function () { onWorldChange().catch(showError); });

  /** Every poll: the state page shown; every fifth, the list of worlds. */
  function refreshFloor2() {
    floor2Ticks += 1;
    var jobs = [refreshState()];
    if (floor2Ticks % 5 === 0) jobs.push(loadWorlds());
    return Promise.all(jobs).catch(function () { return undefined; });
  }
`;
