import fs from 'node:fs';
import path from 'node:path';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's NodeFS writes through Emscripten's NODEFS, whose `fsync` and `fdatasync` return success
 * without reaching the disk (NODEFS has no fsync operation; `fdatasync` is an empty stub). So with
 * stock PGlite a commit's WAL is written into the OS page cache — it survives the process being
 * killed — but is not flushed to the disk, and a machine crash or power loss can lose it.
 *
 * This file system is NodeFS with those two calls made real: PostgreSQL's own fsyncs (the WAL at
 * every commit, data files at checkpoints, directories after creating or renaming files) become
 * `fs.fsyncSync` on the host file. They are wired through Emscripten's documented `instantiateWasm`
 * hook, the only place the WebAssembly imports can be replaced; `fsyncCalls` lets a test prove the
 * wiring still holds after a PGlite upgrade.
 */
export class FsyncNodeFS extends NodeFS {
  /** How many fsync/fdatasync calls reached the host; read by tests. */
  fsyncCalls = 0;

  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const { emscriptenOpts } = await super.init(...args);
    const options = emscriptenOpts as EmscriptenHooks;
    const instantiate = options.instantiateWasm;
    if (typeof instantiate !== 'function') {
      throw new Error('PGlite no longer instantiates its module through instantiateWasm: fsync cannot be wired');
    }
    let moduleFs: EmscriptenFs | undefined;
    // Returns 0 or a positive WASI errno (EIO = 29).
    const syncDescriptor = (fd: number): number => {
      if (!moduleFs) return 29;
      this.fsyncCalls += 1;
      try {
        syncStream(moduleFs, moduleFs.getStreamChecked(fd));
        return 0;
      } catch {
        return 29;
      }
    };
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          (mod) => {
            moduleFs = (mod as unknown as { FS: EmscriptenFs }).FS;
          },
        ],
        instantiateWasm: (imports: WasmImports, done: unknown) => {
          const env = imports.env;
          if (!env || typeof env.fd_sync !== 'function' || typeof env.__syscall_fdatasync !== 'function') {
            throw new Error('PGlite imports no fd_sync/__syscall_fdatasync: fsync cannot be wired');
          }
          env.fd_sync = syncDescriptor;
          // Syscalls answer a negative errno, WASI calls a positive one.
          env.__syscall_fdatasync = (fd: number) => -syncDescriptor(fd);
          return instantiate(imports, done);
        },
      } as typeof emscriptenOpts,
    };
  }
}

type WasmImports = Record<string, Record<string, unknown> | undefined>;
type EmscriptenHooks = { instantiateWasm?: (imports: WasmImports, done: unknown) => unknown };

type EmscriptenNode = { mount: { type: unknown } };
type EmscriptenStream = { nfd?: number; node: EmscriptenNode };
type EmscriptenFs = {
  getStreamChecked(fd: number): EmscriptenStream;
  filesystems: { NODEFS: { realPath(node: EmscriptenNode): string } & object };
};

/** NODEFS keeps a host descriptor for files only; a directory is opened by its host path to sync it. */
function syncStream(moduleFs: EmscriptenFs, stream: EmscriptenStream): void {
  if (typeof stream.nfd === 'number') {
    fs.fsyncSync(stream.nfd);
    return;
  }
  if (stream.node.mount.type !== moduleFs.filesystems.NODEFS) return; // not on the host disk (e.g. /dev)
  const fd = fs.openSync(moduleFs.filesystems.NODEFS.realPath(stream.node), 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** fsync(2) one file or folder by its path. */
export function syncPath(target: string): void {
  const fd = fs.openSync(target, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

/** fsync every file and folder under `dir` (what initdb does once it has written a cluster). */
export function syncTree(dir: string): void {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const target = path.join(dir, entry.name);
    if (entry.isDirectory()) syncTree(target);
    else if (entry.isFile()) syncPath(target);
  }
  syncPath(dir);
}
