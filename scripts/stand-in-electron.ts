/**
 * Stand-in Electron folders for package:check (scripts/package-check.ts): what electron-builder copies and renames for
 * a target, made here because the Electron binary cannot be downloaded on these machines — a placeholder executable
 * (a PE file Windows' executable editing accepts, a Mach-O/ELF stub elsewhere) and the few files electron-builder reads.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

export type TargetPlatform = 'linux' | 'win32' | 'darwin';
export type TargetArch = 'x64' | 'arm64';
export interface Target {
  platform: TargetPlatform;
  arch: TargetArch;
}

/** The PE library electron-builder edits Windows executables with (its own dependency, resolved through it). */
interface Resedit {
  NtExecutable: { from(bin: Buffer): { generate(): ArrayBuffer } };
  NtExecutableResource: {
    from(exe: unknown): { entries: unknown[]; outputResource(exe: unknown): void };
  };
  Resource: {
    VersionInfo: {
      createEmpty(): {
        lang: number;
        setFileVersion(a: number, b: number, c: number, d: number, lang?: number): void;
        setStringValues(lang: { lang: number; codepage: number }, values: Record<string, string>): void;
        outputToResourceEntries(entries: unknown[]): void;
      };
    };
  };
}

/**
 * A minimal valid Windows executable (PE32+, one section that returns) with a version resource, as electron.exe has:
 * enough for electron-builder to read it and add the archive's integrity to it.
 */
export function placeholderExe(arch: TargetArch, version: string): Buffer {
  const resedit = createRequire(createRequire(import.meta.url).resolve('app-builder-lib/package.json'))(
    'resedit',
  ) as Resedit;
  const exe = resedit.NtExecutable.from(bareExe(arch));
  const resources = resedit.NtExecutableResource.from(exe);
  const info = resedit.Resource.VersionInfo.createEmpty();
  const [major = 0, minor = 0, patch = 0] = version.split('.').map(Number);
  info.lang = 1033;
  info.setFileVersion(major, minor, patch, 0, 1033);
  info.setStringValues(
    { lang: 1033, codepage: 1200 },
    { ProductName: 'Electron', FileDescription: 'Stand-in for electron.exe (package:check)', FileVersion: version },
  );
  info.outputToResourceEntries(resources.entries);
  resources.outputResource(exe);
  return Buffer.from(exe.generate());
}

function bareExe(arch: TargetArch): Buffer {
  const exe = Buffer.alloc(0x400);
  exe.write('MZ', 0, 'latin1');
  exe.writeUInt32LE(0x40, 0x3c); // e_lfanew
  exe.write('PE\0\0', 0x40, 'latin1');
  const coff = 0x44;
  exe.writeUInt16LE(arch === 'arm64' ? 0xaa64 : 0x8664, coff); // machine
  exe.writeUInt16LE(1, coff + 2); // sections
  exe.writeUInt16LE(240, coff + 16); // optional header size (PE32+)
  exe.writeUInt16LE(0x0022, coff + 18); // executable, large address aware
  const opt = coff + 20;
  exe.writeUInt16LE(0x20b, opt); // PE32+
  exe.writeUInt32LE(0x200, opt + 4); // size of code
  exe.writeUInt32LE(0x1000, opt + 16); // entry point
  exe.writeUInt32LE(0x1000, opt + 20); // base of code
  exe.writeBigUInt64LE(0x140000000n, opt + 24); // image base
  exe.writeUInt32LE(0x1000, opt + 32); // section alignment
  exe.writeUInt32LE(0x200, opt + 36); // file alignment
  exe.writeUInt16LE(6, opt + 40); // OS version
  exe.writeUInt16LE(6, opt + 48); // subsystem version
  exe.writeUInt32LE(0x2000, opt + 56); // size of image
  exe.writeUInt32LE(0x200, opt + 60); // size of headers
  exe.writeUInt16LE(2, opt + 68); // Windows GUI
  exe.writeUInt16LE(0x8160, opt + 70);
  exe.writeBigUInt64LE(0x100000n, opt + 72);
  exe.writeBigUInt64LE(0x1000n, opt + 80);
  exe.writeBigUInt64LE(0x100000n, opt + 88);
  exe.writeBigUInt64LE(0x1000n, opt + 96);
  exe.writeUInt32LE(16, opt + 108); // data directories
  const section = opt + 240;
  exe.write('.text', section, 'latin1');
  exe.writeUInt32LE(0x200, section + 8); // virtual size
  exe.writeUInt32LE(0x1000, section + 12); // virtual address
  exe.writeUInt32LE(0x200, section + 16); // raw size
  exe.writeUInt32LE(0x200, section + 20); // raw offset
  exe.writeUInt32LE(0x60000020, section + 36); // code, execute, read
  exe[0x200] = 0xc3; // ret
  return exe;
}

const plist = (name: string, id: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict>
<key>CFBundleExecutable</key><string>${name}</string>
<key>CFBundleIdentifier</key><string>${id}</string>
<key>CFBundleName</key><string>${name}</string>
<key>CFBundleDisplayName</key><string>${name}</string>
<key>CFBundlePackageType</key><string>APPL</string>
</dict></plist>
`;

/**
 * A stand-in for the unpacked Electron distribution of a target (what electron-builder copies and renames), made in
 * `work`/electron/.
 */
export function standInElectron(target: Target, version: string, work: string): string {
  const dir = path.join(work, 'electron', `${target.platform}-${target.arch}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const write = (file: string, data: string | Buffer, mode = 0o644): void => {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), data, { mode });
  };
  const notice = 'Stand-in for the Electron binary (package:check); not a runnable Electron.\n';
  if (target.platform === 'darwin') {
    const contents = 'Electron.app/Contents';
    write(`${contents}/Info.plist`, plist('Electron', 'com.github.Electron'));
    write(`${contents}/MacOS/Electron`, `#!/bin/sh\necho '${notice.trim()}'\n`, 0o755);
    write(`${contents}/Resources/.keep`, '');
    const helper = `${contents}/Frameworks/Electron Helper.app/Contents`;
    write(`${helper}/Info.plist`, plist('Electron Helper', 'com.github.Electron.helper'));
    write(`${helper}/MacOS/Electron Helper`, `#!/bin/sh\n`, 0o755);
  } else if (target.platform === 'win32') {
    write('electron.exe', placeholderExe(target.arch, version));
    write('resources/.keep', '');
  } else {
    write('electron', `#!/bin/sh\necho '${notice.trim()}'\n`, 0o755);
    write('resources/.keep', '');
  }
  write('version', version);
  write('LICENSE', notice);
  return dir;
}
