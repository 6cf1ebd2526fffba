// The documentation's links: every relative link in README.md, SECURITY.md and docs/ names a file that exists, and
// every #anchor a heading of its target, as GitHub renders them.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT_DIR } from "../../server/config.ts";

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(full);
    return entry.name.endsWith(".md") ? [full] : [];
  });
}

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor for a heading: its text, lower case, without punctuation, spaces as hyphens; repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const withoutFences = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, "");
  for (const [, text] of withoutFences.matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = text
      .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "")
      .replace(/\s/g, "-");
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

const FILES = [path.join(ROOT_DIR, "README.md"), path.join(ROOT_DIR, "SECURITY.md"), ...markdownFiles(path.join(ROOT_DIR, "docs"))];

/** Each problem with the relative links of one Markdown file, in words. */
function brokenLinks(file: string): string[] {
  const problems: string[] = [];
  const markdown = readFileSync(file, "utf8");
  for (const [, target] of prose(markdown).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: and the like
    const [pathPart, anchor] = target.split("#", 2) as [string, string | undefined];
    const resolved = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart)) : file;
    if (!existsSync(resolved)) {
      problems.push(`${target}: ${path.relative(ROOT_DIR, resolved)} does not exist`);
      continue;
    }
    if (anchor === undefined) continue;
    if (statSync(resolved).isDirectory() || !resolved.endsWith(".md")) {
      problems.push(`${target}: an anchor into something that is not a Markdown file`);
    } else if (!headingAnchors(readFileSync(resolved, "utf8")).has(anchor)) {
      problems.push(`${target}: ${path.relative(ROOT_DIR, resolved)} has no heading #${anchor}`);
    }
  }
  return problems;
}

describe("documentation links", () => {
  it("covers the README, SECURITY.md and every file under docs/", () => {
    const names = FILES.map((f) => path.relative(ROOT_DIR, f));
    expect(names).toEqual(expect.arrayContaining(["README.md", "SECURITY.md", "docs/operating/deploy.md", "docs/operating/configuration.md"]));
  });

  it.each(FILES.map((f) => [path.relative(ROOT_DIR, f), f]))("%s: every relative link and #anchor resolves", (_name, file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it("makes anchors the way GitHub does", () => {
    const anchors = headingAnchors(
      "# Deploying\n## 4. The site's user, folders and settings\n## `npm run backup`\n## Notes\n## Notes\n```\n# not a heading\n```\n",
    );
    expect([...anchors]).toEqual(["deploying", "4-the-sites-user-folders-and-settings", "npm-run-backup", "notes", "notes-1"]);
  });
});
