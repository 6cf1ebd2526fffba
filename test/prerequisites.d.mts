// Types of prerequisites.mjs (plain JavaScript, since CI runs it before the packages are installed).
export declare const CHROMIUM_DEFAULT: string;
export interface Need {
  name: string;
  project: "server" | "browser";
  package: string;
  why: string;
}
export interface Plan {
  action: "none" | "install" | "stop";
  needs: Need[];
  packages?: string[];
  message?: string;
}
export const NEEDS: Need[];
export function present(need: Need, env?: NodeJS.ProcessEnv): boolean;
export function plan(input: { projects: string[]; missing: Need[]; isRoot: boolean; hasApt: boolean; skipBrowser: boolean }): Plan;
