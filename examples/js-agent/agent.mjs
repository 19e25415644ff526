// The exec agent: evalrun runs it once per trial with
//   evalrun run --agent exec --agent-cmd 'node examples/js-agent/agent.mjs' ...
// It reads EVALRUN_MCP_URL, EVALRUN_TASK (or the task on stdin) and
// EVALRUN_SYSTEM_PROMPT, prints only the agent's final message on stdout,
// logs on stderr, and exits non-zero on any error.
import { describeError, runTask } from './run.mjs';

async function readStdin() {
  if (process.stdin.isTTY) return '';
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString('utf8');
}

async function main() {
  const task = process.env.EVALRUN_TASK || (await readStdin());
  const started = Date.now();
  const final = await runTask({
    mcpUrl: process.env.EVALRUN_MCP_URL,
    task,
    systemPrompt: process.env.EVALRUN_SYSTEM_PROMPT,
  });
  console.error(
    `js-agent: ${process.env.EVALRUN_SCENARIO ?? '?'}/${process.env.EVALRUN_VARIANT ?? '?'}` +
      ` trial ${process.env.EVALRUN_TRIAL ?? '?'} done in ${Date.now() - started} ms`,
  );
  // Only the final message goes to stdout. Leave once it is written, even if
  // some socket were still open.
  process.stdout.write(final.endsWith('\n') ? final : final + '\n', () => process.exit(0));
}

main().catch((err) => {
  console.error(`js-agent: ${describeError(err)}`);
  process.exit(1);
});
