// The dashboard's inline script: plain browser JavaScript (no build step) that polls the JSON
// control API with relative URLs and renders clock, scenarios, journal, fault rules and RAG files;
// the second floor (script-floor2.ts) is spliced into the same scope, before the polling starts.
// Kept as raw text: no backticks, no template placeholders and no closing script tag inside.
import { FLOOR2_SCRIPT } from './script-floor2.js';

export const DASHBOARD_SCRIPT = String.raw`
(function () {
  'use strict';
  var POLL_MS = 1000;
  var JOURNAL_LIMIT = 200;
  var byId = function (id) { return document.getElementById(id); };
  var started = 0;
  var rendered = 0;
  var shown = {};
  var clockNow = 0;
  var scenarioTouched = false;

  /** A DOM element with text content and attributes; children may be strings or elements. */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === undefined || value === null || value === false) return;
      if (name === 'text') node.textContent = String(value);
      else if (name === 'className') node.className = value;
      else node.setAttribute(name, String(value));
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    });
    return node;
  }

  /** One control call; a non-2xx answer throws with the error envelope attached. */
  async function api(method, path, body) {
    var init = { method: method, headers: worldHeaders({}) };
    if (body !== undefined) {
      init.headers['content-type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    var res = await fetch(path, init);
    var text = await res.text();
    var data = null;
    try { data = text ? JSON.parse(text) : null; } catch (e) { data = null; }
    if (!res.ok) {
      var envelope = data && data.error ? data.error : { code: 'HTTP_' + res.status, message: text || res.statusText };
      var err = new Error(envelope.message);
      err.envelope = envelope;
      throw err;
    }
    return data;
  }

  function setStatus(message, isError) {
    var status = byId('status');
    status.textContent = message;
    status.style.color = isError ? 'var(--bad)' : '';
  }

  /** Replaces a table body's rows, unless what it shows has not changed. */
  function fill(key, tbodyId, items, columns, rowOf, emptyText) {
    var fingerprint = JSON.stringify(items);
    if (shown[key] === fingerprint) return;
    shown[key] = fingerprint;
    var tbody = byId(tbodyId);
    tbody.replaceChildren();
    if (items.length === 0) {
      tbody.appendChild(el('tr', {}, [el('td', { colspan: columns, className: 'empty', text: emptyText })]));
      return;
    }
    items.forEach(function (item) { tbody.appendChild(rowOf(item)); });
  }

  function renderHealth(health) {
    byId('meta').textContent = 'v' + health.version + ' \u00b7 ' + health.storage + ' \u00b7 seed ' + health.seed;
    byId('scenario-current').textContent = health.scenario;
    var select = byId('scenario-select');
    if (!scenarioTouched && select.value !== health.scenario && hasOption(select, health.scenario)) {
      select.value = health.scenario;
      describeScenario();
    }
  }

  function renderClock(clock) {
    clockNow = clock.now;
    var iso = byId('clock-iso');
    iso.textContent = clock.iso;
    iso.setAttribute('data-now', String(clock.now));
    byId('clock-mode').textContent = clock.mode;
  }

  function hasOption(select, name) {
    return Array.prototype.some.call(select.options, function (o) { return o.value === name; });
  }

  function describeScenario() {
    var select = byId('scenario-select');
    var option = select.options[select.selectedIndex];
    byId('scenario-description').textContent = option ? option.title : '';
  }

  function renderScenarios(list) {
    var select = byId('scenario-select');
    select.replaceChildren();
    list.data.forEach(function (s) {
      select.appendChild(el('option', { value: s.name, title: s.description, text: s.name }));
    });
    if (!hasOption(select, list.current)) {
      select.appendChild(el('option', { value: list.current, title: 'A whole scenario document', text: list.current + ' (document)', disabled: 'disabled' }));
    }
    select.value = list.current;
    scenarioTouched = false;
    describeScenario();
  }

  function renderJournal(list) {
    byId('journal-count').textContent = list.total + (list.total === 1 ? ' request' : ' requests') + (list.hasMore ? ', newest ' + list.data.length + ' shown' : '');
    var newestFirst = list.data.slice().reverse();
    fill('journal', 'journal-rows', newestFirst, 6, function (e) {
      return el('tr', { 'data-testid': 'journal-row', 'data-path': e.path, 'data-status': e.status, 'data-seq': e.seq, title: 'Open the request and its answer' }, [
        el('td', { className: 'mono', title: e.at, text: e.at.slice(11, 23) }),
        el('td', { text: e.method }),
        el('td', { className: 'mono', text: e.path }),
        el('td', { className: 's' + String(e.status).charAt(0), title: e.faultId ? 'answered by ' + e.faultId : null,
          text: e.faultId ? e.status + ' \u26a1' : String(e.status) }),
        el('td', { className: 'mono', text: e.keyId || '\u2014' }),
        el('td', { className: 'num', text: e.durationMs.toFixed(1) }),
      ]);
    }, 'No requests yet (control calls are not journaled).');
  }

  function effectOf(rule) {
    var parts = [];
    if (rule.networkError) parts.push('network error');
    if (rule.status !== undefined || rule.code !== undefined) parts.push([rule.status, rule.code].filter(Boolean).join(' '));
    if (rule.delayMs) parts.push('+' + rule.delayMs + ' ms');
    if (rule.probability !== undefined) parts.push('p=' + rule.probability);
    return parts.join(', ');
  }

  function renderFaults(list) {
    byId('faults-count').textContent = list.total + (list.total === 1 ? ' rule' : ' rules');
    fill('faults', 'faults-rows', list.data, 7, function (rule) {
      var remove = el('button', { className: 'link', 'data-fault-id': rule.id, title: 'Remove ' + rule.id, text: 'remove' });
      return el('tr', { 'data-testid': 'fault-row', 'data-fault-id': rule.id }, [
        el('td', { className: 'mono', text: rule.id }),
        el('td', { text: rule.method || 'any' }),
        el('td', { className: 'mono', text: rule.path }),
        el('td', { text: effectOf(rule) }),
        el('td', { className: 'num', text: rule.times === undefined ? '\u221e' : String(rule.times) }),
        el('td', { className: 'num', text: String(rule.hits) }),
        el('td', {}, [remove]),
      ]);
    }, 'No fault rules: every request gets its real answer.');
  }

  function whenSearchable(at) {
    if (!at) return '\u2014';
    var ms = Date.parse(at) - clockNow;
    if (ms <= 0) return at;
    var s = Math.round(ms / 1000);
    return at + ' (in ' + (s < 120 ? s + ' s' : Math.round(s / 60) + ' min') + ')';
  }

  function renderRag(list) {
    var searchable = list.data.filter(function (f) { return f.state === 'searchable'; }).length;
    byId('rag-count').textContent = list.total + (list.total === 1 ? ' file, ' : ' files, ') + searchable + ' searchable';
    fill('rag', 'rag-rows', list.data.map(function (f) {
      return Object.assign({ shownAt: whenSearchable(f.searchableAt) }, f);
    }), 7, function (f) {
      var title = el('td', {}, [f.title, f.originalName && f.originalName !== f.title ? el('div', { className: 'muted mono', text: f.originalName }) : null]);
      var status = el('td', {}, [
        el('span', { className: 'badge ' + f.state, 'data-testid': 'rag-state', title: f.error || f.status, text: f.state }),
        f.error ? el('div', { className: 'muted', text: f.error }) : null,
      ]);
      return el('tr', { 'data-testid': 'rag-row', 'data-file-id': f.fileId, 'data-state': f.state }, [
        el('td', { className: 'mono', text: f.workspaceId }),
        el('td', { className: 'nowrap' }, [f.targetTitle || '', el('div', { className: 'muted mono', text: f.targetId })]),
        el('td', { className: 'mono', text: f.fileId }),
        title,
        status,
        el('td', { className: 'num', text: f.chunksCount === null ? '\u2014' : String(f.chunksCount) }),
        el('td', { className: 'mono', text: f.shownAt }),
      ]);
    }, 'No RAG files in this scenario.');
  }

  /** Reads every panel; an answer older than one already shown is dropped. */
  async function refresh() {
    var generation = ++started;
    try {
      var answers = await Promise.all([
        api('GET', 'health'),
        api('GET', 'clock'),
        api('GET', 'dashboard/requests?limit=' + JOURNAL_LIMIT),
        api('GET', 'faults'),
        api('GET', 'rag/files'),
      ]);
      if (generation < rendered) return;
      rendered = generation;
      renderHealth(answers[0]);
      renderClock(answers[1]);
      renderJournal(answers[2]);
      renderFaults(answers[3]);
      renderRag(answers[4]);
      refreshFloor2();
      byId('conn').textContent = 'live \u00b7 polling every ' + POLL_MS / 1000 + ' s';
      byId('conn').className = 'conn';
    } catch (err) {
      byId('conn').textContent = 'disconnected: ' + err.message;
      byId('conn').className = 'conn down';
      // The world picked was deleted: the list no longer has it, and the page goes back to default.
      if (err.envelope && err.envelope.code === 'WORLD_NOT_FOUND') loadWorlds();
    }
  }

  async function loadScenarios() {
    try { renderScenarios(await api('GET', 'scenarios')); } catch (err) { setStatus('Could not list scenarios: ' + err.message, true); }
  }

  /** Runs one button's action, reports it in the status line, and refreshes at once. */
  function action(run) {
    return async function (event) {
      if (event) event.preventDefault();
      try {
        var message = await run(event);
        if (message) setStatus(message, false);
      } catch (err) {
        setStatus(err.message, true);
      }
      await refresh();
    };
  }

  document.querySelectorAll('[data-advance]').forEach(function (button) {
    button.addEventListener('click', action(async function () {
      var clock = await api('POST', 'clock', { advanceMs: Number(button.getAttribute('data-advance')) });
      return 'Advanced ' + button.textContent + ': ' + clock.iso;
    }));
  });
  byId('jobs-flush').addEventListener('click', action(async function () {
    var flushed = await api('POST', 'jobs/flush');
    return 'Ran ' + flushed.ran + (flushed.ran === 1 ? ' job' : ' jobs') + '; clock at ' + new Date(flushed.now).toISOString();
  }));
  byId('scenario-select').addEventListener('change', function () {
    scenarioTouched = true;
    describeScenario();
  });
  byId('scenario-load').addEventListener('click', action(async function () {
    var name = byId('scenario-select').value;
    await api('POST', 'scenario', { name: name });
    await loadScenarios();
    return 'Loaded scenario ' + name + ' (faults and journal cleared)';
  }));
  byId('scenario-reset').addEventListener('click', action(async function () {
    var handles = await api('POST', 'reset');
    await loadScenarios();
    return 'Reset to scenario ' + handles.scenario;
  }));
  byId('journal-clear').addEventListener('click', action(async function () {
    var cleared = await api('DELETE', 'requests');
    return 'Cleared ' + cleared.cleared + ' journal entries';
  }));
  byId('faults-clear').addEventListener('click', action(async function () {
    var cleared = await api('DELETE', 'faults');
    return 'Removed ' + cleared.cleared + ' fault rules';
  }));
  byId('faults-rows').addEventListener('click', function (event) {
    var id = event.target && event.target.getAttribute && event.target.getAttribute('data-fault-id');
    if (!id) return;
    action(async function () {
      await api('DELETE', 'faults/' + encodeURIComponent(id));
      return 'Removed ' + id;
    })();
  });

  function showFaultError(envelope) {
    var box = byId('fault-error');
    box.replaceChildren();
    if (!envelope) {
      box.hidden = true;
      return;
    }
    box.appendChild(el('div', { text: envelope.code + ': ' + envelope.message }));
    var issues = envelope.details && envelope.details.issues;
    if (issues && issues.length) {
      box.appendChild(el('ul', {}, issues.map(function (i) {
        return el('li', { 'data-testid': 'fault-issue', text: (i.path || '(rule)') + ': ' + i.message });
      })));
    }
    box.hidden = false;
  }

  byId('fault-form').addEventListener('submit', action(async function () {
    var form = byId('fault-form');
    var rule = { path: byId('fault-path').value.trim() };
    var method = byId('fault-method').value;
    if (method) rule.method = method;
    var code = byId('fault-code').value.trim();
    if (code) rule.code = code;
    [['status', 'fault-status'], ['delayMs', 'fault-delay'], ['times', 'fault-times']].forEach(function (pair) {
      var value = byId(pair[1]).value.trim();
      if (value !== '') rule[pair[0]] = Number(value);
    });
    if (byId('fault-network').checked) rule.networkError = true;
    try {
      var added = await api('POST', 'faults', rule);
      showFaultError(null);
      form.reset();
      return 'Added ' + added.id + ' for ' + (added.method || 'any') + ' ' + added.path;
    } catch (err) {
      showFaultError(err.envelope);
      throw new Error('The fault rule was refused: ' + err.message);
    }
  }));

` + FLOOR2_SCRIPT + String.raw`
  async function poll() {
    await refresh();
    setTimeout(poll, POLL_MS);
  }
  loadWorlds()
    .then(function () { return Promise.all([loadScenarios(), loadPickers().catch(showError)]); })
    .then(poll);
})();
`;
