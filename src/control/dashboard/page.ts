// The dashboard at /__emulator/ui: one self-contained HTML page (inline CSS and script, no build
// step, nothing fetched from elsewhere) that drives the emulator through its JSON control API.
import { DASHBOARD_SCRIPT } from './script.js';

const STYLE = `
:root { --fg: #1d2330; --muted: #6b7385; --line: #e2e5eb; --bg: #f5f6f8; --panel: #fff; --accent: #2857d6;
  --ok: #1d7a3e; --warn: #a86200; --bad: #b42318; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", sans-serif; }
* { box-sizing: border-box; }
body { margin: 0; color: var(--fg); background: var(--bg); }
header { display: flex; align-items: baseline; gap: 16px; padding: 10px 16px; background: #1d2330; color: #fff; }
header h1 { font-size: 15px; margin: 0; font-weight: 600; }
header .meta { color: #b9c0cf; font-size: 12px; }
header .conn { margin-left: auto; font-size: 12px; }
header .conn.down { color: #ff9b91; }
main { display: grid; grid-template-columns: minmax(0, 1fr) minmax(0, 1fr); gap: 12px; padding: 12px 16px; }
section { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 10px 12px; min-width: 0; }
section.wide { grid-column: 1 / -1; }
h2 { font-size: 12px; text-transform: uppercase; letter-spacing: .04em; color: var(--muted); margin: 0 0 8px;
  display: flex; align-items: center; gap: 8px; }
h2 .count { font-weight: normal; text-transform: none; letter-spacing: 0; }
h2 .spacer { flex: 1; }
.row { display: flex; flex-wrap: wrap; align-items: center; gap: 6px; margin-bottom: 6px; }
.clock { font: 600 18px/1.2 ui-monospace, SFMono-Regular, Menlo, monospace; }
.muted { color: var(--muted); }
button { font: inherit; padding: 3px 9px; border: 1px solid #c5cad5; border-radius: 4px; background: #fff; cursor: pointer; }
button:hover { border-color: var(--accent); color: var(--accent); }
button.primary { background: var(--accent); border-color: var(--accent); color: #fff; }
button.link { border: 0; padding: 0 4px; color: var(--bad); background: none; }
input, select { font: inherit; padding: 3px 5px; border: 1px solid #c5cad5; border-radius: 4px; background: #fff; }
input[type=number] { width: 76px; }
label.field { display: inline-flex; flex-direction: column; font-size: 11px; color: var(--muted); gap: 2px; }
label.check { display: inline-flex; align-items: center; gap: 4px; font-size: 12px; }
.scroll { max-height: 320px; overflow: auto; }
table { width: 100%; border-collapse: collapse; font-size: 12px; }
th { text-align: left; font-weight: 600; color: var(--muted); border-bottom: 1px solid var(--line); padding: 3px 6px;
  position: sticky; top: 0; background: var(--panel); }
td { border-bottom: 1px solid #f0f1f4; padding: 3px 6px; vertical-align: top; }
td.mono, .mono { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11.5px; }
td.mono, td.nowrap { white-space: nowrap; }
td.num { text-align: right; }
.empty { color: var(--muted); font-style: italic; padding: 6px; }
.s2 { color: var(--ok); } .s3 { color: var(--accent); } .s4 { color: var(--warn); } .s5, .s0 { color: var(--bad); }
.badge { display: inline-block; padding: 0 6px; border-radius: 9px; font-size: 11px; background: #eef0f4; }
.badge.searchable { background: #dcf3e4; color: var(--ok); }
.badge.completed { background: #e4ecff; color: var(--accent); }
.badge.error { background: #fde4e1; color: var(--bad); }
.badge.pending, .badge.uploading, .badge.processing, .badge.chunking, .badge.embedding { background: #fff1d6; color: var(--warn); }
.error-box { color: var(--bad); background: #fdf0ee; border: 1px solid #f6c9c3; border-radius: 4px; padding: 4px 8px; margin: 6px 0; }
.error-box ul { margin: 2px 0 0; padding-left: 18px; }
#status { font-size: 12px; color: var(--muted); min-height: 1.4em; }
header label.world { font-size: 12px; color: #b9c0cf; display: inline-flex; gap: 6px; align-items: center; }
header label.world select { padding: 1px 4px; }
tr[data-seq] { cursor: pointer; }
tr[data-seq]:hover td { background: #f3f6fd; }
#journal-detail { border-top: 1px solid var(--line); margin-top: 8px; padding-top: 6px; }
#journal-detail h3 { font-size: 11px; text-transform: uppercase; color: var(--muted); margin: 8px 0 2px; }
#journal-detail .spacer { flex: 1; }
pre.headers, pre.body { margin: 0; padding: 4px 6px; background: #f7f8fa; border: 1px solid #eceef2; border-radius: 4px;
  font: 11.5px/1.35 ui-monospace, SFMono-Regular, Menlo, monospace; white-space: pre-wrap; word-break: break-all; max-height: 220px; overflow: auto; }
#chat-reply { white-space: pre-wrap; min-height: 3em; padding: 6px 8px; background: #f7f8fa; border: 1px solid #eceef2; border-radius: 4px; margin: 6px 0; }
#token-value { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 11px; flex: 1; min-width: 0; }
@media (max-width: 820px) { main { grid-template-columns: 1fr; } }
`;

const BODY = `
<header>
  <h1>service-emulator</h1>
  <span class="meta" id="meta" data-testid="meta"></span>
  <label class="world">world <select id="world-select" data-testid="world-select"><option value="default">default</option></select></label>
  <span class="conn" id="conn" data-testid="conn">connecting…</span>
</header>
<main>
  <section>
    <h2>Clock</h2>
    <div class="row"><span class="clock" id="clock-iso" data-testid="clock-iso">…</span>
      <span class="badge" id="clock-mode" data-testid="clock-mode"></span></div>
    <div class="row">
      <button id="advance-1s" data-advance="1000">+1 s</button>
      <button id="advance-1m" data-advance="60000">+1 min</button>
      <button id="advance-1h" data-advance="3600000">+1 h</button>
      <button id="advance-1d" data-advance="86400000">+1 day</button>
      <button id="jobs-flush" title="Advance the clock until no scheduled work is left">flush jobs</button>
    </div>
  </section>
  <section>
    <h2>Scenario <span class="count muted">loaded: <b id="scenario-current" data-testid="scenario-current"></b></span></h2>
    <div class="row">
      <select id="scenario-select" data-testid="scenario-select"></select>
      <button id="scenario-load" class="primary">load</button>
      <button id="scenario-reset" title="Back to the state right after the last load">reset</button>
    </div>
    <div class="muted" id="scenario-description" data-testid="scenario-description"></div>
  </section>
  <div class="wide" id="status" data-testid="status" role="status"></div>
  <section class="wide">
    <h2>RAG files <span class="count muted" id="rag-count"></span></h2>
    <div class="scroll"><table id="rag-table" data-testid="rag-table">
      <thead><tr><th>workspace</th><th>collection</th><th>file</th><th>title</th><th>status</th>
        <th>chunks</th><th>searchable at</th></tr></thead>
      <tbody id="rag-rows"></tbody>
    </table></div>
  </section>
  <section>
    <h2>Request journal <span class="count muted" id="journal-count"></span><span class="spacer"></span>
      <button id="journal-clear">clear</button></h2>
    <div class="scroll"><table id="journal-table" data-testid="journal-table">
      <thead><tr><th>time</th><th>method</th><th>path</th><th>status</th><th>key</th><th>ms</th></tr></thead>
      <tbody id="journal-rows"></tbody>
    </table></div>
    <div id="journal-detail" data-testid="journal-detail" hidden></div>
  </section>
  <section>
    <h2>Fault rules <span class="count muted" id="faults-count"></span><span class="spacer"></span>
      <button id="faults-clear">clear all</button></h2>
    <form id="fault-form" data-testid="fault-form" autocomplete="off">
      <div class="row">
        <label class="field">method<select id="fault-method" name="method">
          <option value="">any</option><option>GET</option><option>POST</option><option>PUT</option>
          <option>PATCH</option><option>DELETE</option></select></label>
        <label class="field">path glob<input id="fault-path" name="path" placeholder="/api/v1/rag/*" size="22"></label>
        <label class="field">status<input id="fault-status" name="status" type="number" placeholder="503"></label>
        <label class="field">code<input id="fault-code" name="code" placeholder="SERVICE_UNAVAILABLE" size="14"></label>
      </div>
      <div class="row">
        <label class="field">delayMs<input id="fault-delay" name="delayMs" type="number" placeholder="0"></label>
        <label class="field">times<input id="fault-times" name="times" type="number" placeholder="∞"></label>
        <label class="check"><input id="fault-network" name="networkError" type="checkbox"> network error</label>
        <button id="fault-add" type="submit" class="primary">add rule</button>
      </div>
    </form>
    <div class="error-box" id="fault-error" data-testid="fault-error" hidden></div>
    <div class="scroll"><table id="faults-table" data-testid="faults-table">
      <thead><tr><th>id</th><th>method</th><th>path</th><th>effect</th><th>left</th><th>hits</th><th></th></tr></thead>
      <tbody id="faults-rows"></tbody>
    </table></div>
  </section>
  <section class="wide">
    <h2>State <span class="count muted" id="state-count" data-testid="state-count"></span><span class="spacer"></span>
      <select id="state-kind" data-testid="state-kind">
        <option value="workspaces">workspaces</option><option value="users">users</option><option value="keys">API keys</option>
        <option value="transcripts">transcripts</option><option value="releases">releases</option>
        <option value="rag-targets">RAG targets</option><option value="rag-files">RAG files</option><option value="jobs">jobs on the clock</option>
      </select>
      <button id="state-prev" title="Previous page">‹</button><button id="state-next" title="Next page">›</button>
      <button id="state-refresh">refresh</button></h2>
    <div class="scroll"><table id="state-table" data-testid="state-table"><thead id="state-head"></thead><tbody id="state-rows"></tbody></table></div>
  </section>
  <section>
    <h2>Mint a token</h2>
    <div class="row">
      <label class="field">user<select id="token-user" data-testid="token-user"></select></label>
      <label class="field">expires in (s)<input id="token-ttl" type="number" placeholder="3600"></label>
      <button id="token-mint" class="primary">mint</button>
    </div>
    <div class="row"><input id="token-value" data-testid="token-value" readonly placeholder="a Bearer JWT for the user">
      <button id="token-copy">copy</button></div>
    <div class="muted" id="token-expires" data-testid="token-expires"></div>
  </section>
  <section>
    <h2>Chat playground</h2>
    <form id="chat-form" autocomplete="off">
      <div class="row">
        <label class="field">release<select id="chat-release" data-testid="chat-release"></select></label>
        <label class="field">as<select id="chat-auth"><option value="token">minted token (Bearer)</option><option value="key">API key (x-api-key)</option></select></label>
        <label class="field">credential<input id="chat-credential" type="password" size="18" placeholder="token or key"></label>
      </div>
      <div class="row"><input id="chat-prompt" size="48" placeholder="Ask the release something" value="How do refunds work?">
        <button id="chat-send" type="submit" class="primary">send</button></div>
    </form>
    <div id="chat-reply" data-testid="chat-reply"></div>
    <div class="muted mono" id="chat-meta" data-testid="chat-meta"></div>
  </section>
</main>
`;

/**
 * The whole page. Every URL in its script is relative, so it works behind any host and port; the
 * empty icon keeps the browser from asking for /favicon.ico, which would land in the journal.
 */
export function dashboardHtml(): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>service-emulator dashboard</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
</head>
<body>${BODY}<script>${DASHBOARD_SCRIPT}</script>
</body>
</html>
`;
}
