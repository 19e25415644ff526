// The http agent: a small service that evalrun POSTs one trial to at a time,
//   node examples/js-agent/server.mjs          # listens on 127.0.0.1:8787
//   evalrun run --agent http --agent-url http://127.0.0.1:8787/ ...
// Each POST carries {"task", "mcp_url", "system_prompt", "scenario",
// "variant", "trial", "seed"}; the answer is 200 {"final_message": "..."},
// or 400/500 {"error": "..."}. GET answers 200 {"ok": true}, to wait on.
// PORT sets the port; the model is configured as in run.mjs.
import http from 'node:http';
import { describeError, modelName, runTask } from './run.mjs';

const port = Number.parseInt(process.env.PORT || '8787', 10);
const host = '127.0.0.1';
const maxBody = 1 << 20;

function send(res, status, body) {
  if (res.headersSent || res.destroyed) return;
  const data = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data) });
  res.end(data);
}

async function readBody(req) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > maxBody) throw Object.assign(new Error(`request body over ${maxBody} bytes`), { status: 413 });
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

async function handle(req, res) {
  if (req.method === 'GET') return send(res, 200, { ok: true });
  if (req.method !== 'POST') return send(res, 405, { error: `${req.method} not allowed; POST a trial` });

  let trial;
  try {
    trial = JSON.parse(await readBody(req));
  } catch (err) {
    return send(res, err.status ?? 400, { error: `bad request body: ${err.message}` });
  }
  if (typeof trial?.task !== 'string' || typeof trial?.mcp_url !== 'string') {
    return send(res, 400, { error: 'the body needs "task" and "mcp_url" strings' });
  }

  // Stop the run if evalrun gives up on this request (its --agent-timeout).
  const abort = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) abort.abort(new Error('the client went away'));
  });

  const label = `${trial.scenario ?? '?'}/${trial.variant ?? '?'} trial ${trial.trial ?? '?'}`;
  const started = Date.now();
  try {
    const final = await runTask({
      mcpUrl: trial.mcp_url,
      task: trial.task,
      systemPrompt: trial.system_prompt,
      signal: abort.signal,
    });
    console.error(`js-agent: ${label} done in ${Date.now() - started} ms`);
    send(res, 200, { final_message: final });
  } catch (err) {
    const why = describeError(err);
    console.error(`js-agent: ${label} failed: ${why}`);
    send(res, 500, { error: why });
  }
}

const server = http.createServer((req, res) => {
  handle(req, res).catch((err) => {
    console.error(`js-agent: ${describeError(err)}`);
    send(res, 500, { error: describeError(err) });
  });
});
// A trial may run for minutes: no server-side request timeout.
server.requestTimeout = 0;

server.listen(port, host, () => {
  const { port: bound } = server.address();
  console.error(`js-agent: listening on http://${host}:${bound}/ (model ${modelName}, base URL ${process.env.OPENAI_BASE_URL || 'the OpenAI default'})`);
});

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.on(sig, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
