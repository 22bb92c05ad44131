import fs from 'node:fs';

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Folders this process holds: the pid in their lock file is ours, which alone would not tell. */
const heldHere = new Set<string>();

/**
 * PGlite has no lock of its own: two processes opening one data folder would both write it and
 * corrupt it. `<dir>.lock` holds the pid of the process that has it open (a server, or a backup or
 * restore); a lock left by a process that is gone (killed) is taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const lockPath = `${dir}.lock`;
  if (heldHere.has(dir)) throw new Error(`The PGlite data folder ${dir} is already open in this process.`);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      heldHere.add(dir);
      return () => {
        heldHere.delete(dir);
        if (fs.existsSync(lockPath) && fs.readFileSync(lockPath, 'utf8').trim() === String(process.pid)) {
          fs.rmSync(lockPath, { force: true });
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = Number(fs.readFileSync(lockPath, 'utf8').trim());
    if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && isRunning(holder)) {
      throw new Error(
        `The PGlite data folder ${dir} is in use by process ${holder} (a running Puna server, backup or restore). ` +
          `Stop it first; if no such process is running, delete ${lockPath}.`,
      );
    }
    // Left by a process that is gone (or by an earlier run that had our pid, as in a restarted container).
    fs.rmSync(lockPath, { force: true });
  }
  throw new Error(`Could not lock ${dir}: ${lockPath} keeps reappearing`);
}
