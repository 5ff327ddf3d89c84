// @ts-check
/**
 * Reads an Emscripten "file packager" bundle: a `.data` blob plus a loader script that calls
 * `loadPackage({"files": [{"filename", "start", "end"}, ...], "remote_package_size": N})`.
 */

/**
 * @typedef {{ filename: string, start: number, end: number }} PackedFile
 * @typedef {{ files: PackedFile[], remote_package_size: number }} PackageMetadata
 */

/**
 * Extracts the JSON argument of `loadPackage(...)` from the loader's source.
 * @param {string} loaderSource
 * @returns {PackageMetadata}
 */
export function parsePackageMetadata(loaderSource) {
  const marker = 'loadPackage({';
  const at = loaderSource.lastIndexOf(marker);
  if (at < 0) throw new Error('emscripten loader: no loadPackage({...}) call found');
  const start = at + marker.length - 1;
  let depth = 0;
  let inString = false;
  for (let i = start; i < loaderSource.length; i++) {
    const ch = loaderSource[i];
    if (inString) {
      if (ch === '\\') i++;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{') depth++;
    else if (ch === '}' && --depth === 0) {
      const meta = JSON.parse(loaderSource.slice(start, i + 1));
      if (!Array.isArray(meta.files) || typeof meta.remote_package_size !== 'number') {
        throw new Error('emscripten loader: unexpected loadPackage metadata');
      }
      return meta;
    }
  }
  throw new Error('emscripten loader: unterminated loadPackage({...})');
}

/**
 * @param {Uint8Array} data the `.data` file
 * @param {PackageMetadata} meta
 * @param {string} basename file name to extract (matched against the last path component)
 */
export function extractPackedFile(data, meta, basename) {
  if (data.length !== meta.remote_package_size) {
    throw new Error(
      `emscripten package: .data is ${data.length} bytes, loader says ${meta.remote_package_size}`,
    );
  }
  const matches = meta.files.filter((f) => f.filename.split('/').pop() === basename);
  const file = matches[0];
  if (matches.length !== 1 || !file) {
    throw new Error(`emscripten package: expected one ${basename}, found ${matches.length}`);
  }
  if (!(0 <= file.start && file.start <= file.end && file.end <= data.length)) {
    throw new Error(`emscripten package: ${file.filename} is out of range`);
  }
  return data.slice(file.start, file.end);
}
