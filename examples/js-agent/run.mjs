// The agent logic shared by agent.mjs (evalrun's --agent exec) and
// server.mjs (evalrun's --agent http): an OpenAI Agents SDK agent whose
// tools are the ones evalrun serves over MCP (streamable HTTP) for one trial,
// and whose model is any OpenAI-compatible Chat Completions endpoint.
//
// Configuration, from the environment:
//   OPENAI_BASE_URL   the endpoint's base URL, e.g. http://127.0.0.1:8080/v1
//                     (unset: the OpenAI client's default, api.openai.com)
//   OPENAI_MODEL      the model name (default "scripted-fake")
//   OPENAI_API_KEY    the key (default "not-needed", for local endpoints)
//   AGENT_MAX_TURNS   the most model turns per run (default 40, as evalrun's
//                     built-in loop)
import {
  Agent,
  MCPServerStreamableHttp,
  OpenAIProvider,
  Runner,
  setTraceProcessors,
  setTracingDisabled,
} from '@openai/agents';

// Importing @openai/agents registers a trace exporter that uploads every run
// to api.openai.com. Turn tracing off and drop that exporter: an agent under
// test should send nothing anywhere but to its model and its tools.
setTracingDisabled(true);
setTraceProcessors([]);

const baseURL = process.env.OPENAI_BASE_URL || undefined;
const apiKey = process.env.OPENAI_API_KEY || 'not-needed';
export const modelName = process.env.OPENAI_MODEL || 'scripted-fake';
const maxTurns = Number.parseInt(process.env.AGENT_MAX_TURNS || '40', 10);

// useResponses: false selects the Chat Completions API
// (POST {baseURL}/chat/completions); the SDK's default is the Responses API,
// which many OpenAI-compatible servers (evalrun's fake among them) do not
// speak.
//
// maxFunctionToolConcurrency: 1 runs the tool calls of one model turn one
// after another, in the model's order. The SDK's default starts them all at
// once, so the order in which they reach the tools (and evalrun's ledger)
// would change from run to run.
const runner = new Runner({
  modelProvider: new OpenAIProvider({ baseURL, apiKey, useResponses: false }),
  tracingDisabled: true,
  toolExecution: { maxFunctionToolConcurrency: 1 },
});

/**
 * Runs one task: connects to the MCP server at mcpUrl, runs an agent with
 * systemPrompt as its instructions and the server's tools as its tools, and
 * returns the agent's final message. The MCP connection is closed however
 * the run ends.
 *
 * @param {{mcpUrl: string, task: string, systemPrompt?: string, signal?: AbortSignal}} args
 * @returns {Promise<string>}
 */
export async function runTask({ mcpUrl, task, systemPrompt, signal }) {
  if (!mcpUrl) throw new Error('no MCP URL (EVALRUN_MCP_URL, or mcp_url in the request)');
  if (!task || !task.trim()) throw new Error('no task (EVALRUN_TASK or stdin, or task in the request)');

  const mcp = new MCPServerStreamableHttp({ url: mcpUrl, name: 'evalrun', cacheToolsList: true });
  await mcp.connect();
  try {
    const agent = new Agent({
      name: 'evalrun-js-agent',
      instructions: systemPrompt || 'You are a helpful assistant.',
      model: modelName,
      mcpServers: [mcp],
    });
    // The task goes in as a plain string: the SDK sends it as the user
    // message's content, a string.
    const result = await runner.run(agent, task, { maxTurns, signal });
    const out = result.finalOutput;
    return typeof out === 'string' ? out : JSON.stringify(out ?? '');
  } finally {
    await mcp.close();
  }
}

/**
 * One line on what went wrong, with its causes (a connection error's cause
 * is the refused socket), and the stack when AGENT_DEBUG is set. evalrun
 * keeps only the end of an exec agent's standard error.
 *
 * @param {unknown} err
 * @returns {string}
 */
export function describeError(err) {
  if (process.env.AGENT_DEBUG) return String(err?.stack || err);
  const parts = [];
  for (let e = err, depth = 0; e && depth < 5; e = e.cause, depth++) {
    parts.push(e instanceof Error ? `${e.name}: ${e.message}` : String(e));
  }
  return parts.join(' <- ');
}
