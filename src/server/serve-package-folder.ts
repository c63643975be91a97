import path from 'node:path';
import express, { type RequestHandler } from 'express';
import { inSingleExecutable, packageFolderEntries, readPackageFile } from '../lib/package-files.js';

/**
 * The files of a folder of the package (or of a dependency of it) at their names, for GET and HEAD: from disk
 * through `express.static`, or, in the single-file executable, from the files it carries of that folder, with
 * the type of their extension. Only the folder's own files, not its subfolders; other paths go to the next
 * handler.
 */
export function servePackageFolder(dir: string): RequestHandler {
  if (!inSingleExecutable) return express.static(dir, { index: false, redirect: false });
  const names = new Set(packageFolderEntries(dir));
  return (req, res, next) => {
    const name = req.path.slice(1);
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !names.has(name)) return next();
    res.type(path.extname(name) || 'application/octet-stream').send(readPackageFile(path.join(dir, name)));
  };
}
