// A staff password for the admin commands: typed without echo, read from standard input, or generated and shown once.
// Never a command-line argument: those show in `ps` and in the shell's history.
import { passwordProblem } from "../auth/passwordStrength.ts";
import { generatePassword } from "../auth/passwords.ts";

/** Reads one line from a terminal without showing what is typed. */
function promptHidden(question: string): Promise<string> {
  const { stdin, stderr } = process;
  return new Promise((resolve, reject) => {
    let typed = "";
    stderr.write(question);
    stdin.setRawMode(true);
    stdin.resume();
    stdin.setEncoding("utf8");
    const done = (err?: Error) => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
      stderr.write("\n");
      if (err) reject(err);
      else resolve(typed);
    };
    const onData = (chunk: string) => {
      for (const ch of chunk) {
        if (ch === "\r" || ch === "\n") return done();
        if (ch === "\u0003") return done(new Error("Cancelled"));
        if (ch === "\u007f" || ch === "\b") typed = typed.slice(0, -1);
        else if (ch >= " ") typed += ch;
      }
    };
    stdin.on("data", onData);
  });
}

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.split(/\r?\n/)[0] ?? "";
}

/**
 * The new staff password: from standard input with `fromStdin`, typed twice on a terminal, or else generated
 * (`generated` true: the caller prints it once). Throws with the reason when it is too short or easy to guess.
 */
export async function staffPassword(opts: { fromStdin: boolean; details: string[] }): Promise<{ password: string; generated: boolean }> {
  let password: string;
  if (opts.fromStdin) password = await readStdin();
  else if (process.stdin.isTTY) {
    password = await promptHidden("New password (at least 12 characters; empty to generate one): ");
    if (password && password !== (await promptHidden("Type it again: "))) throw new Error("The two passwords differ");
  } else password = "";
  if (!password) return { password: generatePassword(), generated: true };
  const problem = passwordProblem(password, opts.details, "staff");
  if (problem) throw new Error(problem);
  return { password, generated: false };
}
