import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn } from "node:child_process";
import { afterAll, describe, expect, it } from "vitest";
import { removeOrphanedUploads } from "./import-files";

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** The id of a process that has come and gone. */
function deadPid(): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", () => resolve(child.pid!));
  });
}

describe("removeOrphanedUploads: uploads left by a server process killed mid-import", () => {
  it("removes the files of processes that no longer exist and of an unknown name older than a day; keeps live processes' uploads", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bms-uploads-"));
    dirs.push(dir);
    const uuid = () => crypto.randomUUID();
    const touch = (name: string, ageMs = 0) => {
      const file = path.join(dir, name);
      fs.writeFileSync(file, "Employee Name,Date,Time,Event Type\n");
      if (ageMs) fs.utimesSync(file, new Date(Date.now() - ageMs), new Date(Date.now() - ageMs));
      return name;
    };
    const dead = await deadPid();
    const orphan = touch(`${dead}-${uuid()}.csv`);
    const mine = touch(`${process.pid}-${uuid()}.csv`);
    const parents = touch(`${process.ppid}-${uuid()}.csv`);
    const unnamedFresh = touch(`${uuid()}.csv`);
    const unnamedOld = touch(`${uuid()}.csv`, 2 * 24 * 60 * 60 * 1000);
    const other = touch("notes.txt");

    expect(await removeOrphanedUploads(dir)).toBe(2);
    const left = fs.readdirSync(dir).sort();
    expect(left).toEqual([mine, parents, unnamedFresh, other].sort());
    expect(left).not.toContain(orphan);
    expect(left).not.toContain(unnamedOld);
  });

  it("answers 0 when the directory does not exist yet", async () => {
    expect(await removeOrphanedUploads(path.join(os.tmpdir(), `bms-no-such-dir-${crypto.randomBytes(4).toString("hex")}`))).toBe(0);
  });
});
