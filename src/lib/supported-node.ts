/** The oldest Node the package runs on, as package.json `engines` says (a test keeps the two equal). */
export const SUPPORTED_NODE = { major: 22, minor: 12 };

/** Undefined on a supported Node. */
export function unsupportedNodeMessage(version: string, what: string): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const { major: needMajor, minor: needMinor } = SUPPORTED_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return (
    `${what} needs Node ${needMajor}.${needMinor} or later, and this is Node ${version}: ` +
    'install a newer Node (nvm install 24), or add it to the project (npm install --save-dev node@24; npm scripts then run on it)'
  );
}
