import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { recipes, slotRecipes } from "@chakra-ui/react/theme";
import { describe, expect, it } from "vitest";
import { system } from "../src/components/ui/system";

/**
 * The design system carries only the recipes of the Chakra components the app uses (system.ts). A component whose
 * recipe is missing would still render, without its styles, so this test reads which recipes every component the app
 * imports asks for (in Chakra's own modules) and checks that the system has each of them.
 */
/** Chakra's own theme styles these; a key outside it (`Text` asks for "text") is drawn the same either way. */
const themeRecipes = { ...recipes, ...slotRecipes };
const srcDir = resolve(import.meta.dirname, "../src");
const chakraDir = join(dirname(createRequire(import.meta.url).resolve("@chakra-ui/react/package.json")), "dist/esm");
const chakraIndex = readFileSync(join(chakraDir, "index.js"), "utf8");

/** The app's TypeScript files. */
const sourceFiles = () =>
  readdirSync(srcDir, { recursive: true, encoding: "utf8" })
    .filter((file) => /\.tsx?$/.test(file))
    .map((file) => join(srcDir, file));

/** Every value the app imports from "@chakra-ui/react". */
function importedNames(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles()) {
    for (const match of readFileSync(file, "utf8").matchAll(/import\s*\{([^}]*)\}\s*from\s*"@chakra-ui\/react"/g)) {
      for (const part of match[1]?.split(",") ?? []) {
        const name = part.trim();
        if (name && !name.startsWith("type ")) names.add(name.split(/\s+as\s+/)[0] ?? name);
      }
    }
  }
  return names;
}

/** The module of Chakra's index that exports a name, directly or as a namespace (`Dialog`, `Checkbox`, …). */
function moduleOf(name: string): string | undefined {
  for (const match of chakraIndex.matchAll(/export \{([^}]*)\} from '([^']+)';/g)) {
    const names = (match[1] ?? "").split(",").map((part) => part.trim().split(/\s+as\s+/));
    const exported = names.find((alias) => (alias[1] ?? alias[0]) === name);
    if (exported) {
      return match[2]?.startsWith(".") ? join(chakraDir, match[2]) : undefined;
    }
  }
  const namespace = new RegExp(`export \\{ (\\S+) as ${name} \\};`).exec(chakraIndex)?.[1];
  if (namespace) {
    const from = new RegExp(`import \\* as ${namespace.replace("$", "\\$")} from '([^']+)';`).exec(chakraIndex)?.[1];
    return from ? join(chakraDir, from) : undefined;
  }
  return undefined;
}

/** The recipe keys a module and the Chakra component modules it imports ask the system for. */
function recipeKeys(module: string, seen = new Set<string>()): Set<string> {
  const keys = new Set<string>();
  if (seen.has(module)) return keys;
  seen.add(module);
  const text = readFileSync(module, "utf8");
  for (const match of text.matchAll(/(?:RecipeContext|useRecipe|useSlotRecipe)\(\s*\{\s*key:\s*"([A-Za-z]+)"/g)) {
    if (match[1]) keys.add(match[1]);
  }
  for (const match of text.matchAll(/from '(\.[^']+)'/g)) {
    const imported = join(dirname(module), match[1] ?? "");
    if (imported.includes(`${join(chakraDir, "components")}/`)) {
      for (const key of recipeKeys(imported, seen)) keys.add(key);
    }
  }
  return keys;
}

describe("design system recipes", () => {
  const names = importedNames();

  it("finds the Chakra components the app uses and the recipes they ask for", () => {
    expect(names.has("Button")).toBe(true);
    expect(names.has("Dialog")).toBe(true);
    expect(recipeKeys(moduleOf("Button") ?? "")).toContain("button");
    expect(recipeKeys(moduleOf("Dialog") ?? "")).toContain("dialog");
    expect(recipeKeys(moduleOf("Checkbox") ?? "")).toEqual(new Set(["checkbox", "checkmark"]));
  });

  it("has a recipe for every component the app imports", () => {
    const missing: string[] = [];
    const used = new Set<string>();
    for (const name of names) {
      const module = moduleOf(name);
      if (!module) continue; // a hook, a helper or a type: nothing drawn
      for (const key of recipeKeys(module)) {
        used.add(key);
        if (key in themeRecipes && !system.hasRecipe(key)) missing.push(`${name} → ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
