/** The oldest Node the package runs on, as package.json `engines` says (a test keeps the two equal). */
export const SUPPORTED_NODE = { major: 22, minor: 12 };

/**
 * The one line to print when `version` (`process.versions.node`) is older than the supported Node, naming `what`
 * refuses to run and how to get a newer Node; undefined on a supported one.
 */
export function unsupportedNodeMessage(version: string, what: string): string | undefined {
  const [major = 0, minor = 0] = version.split('.').map(Number);
  const { major: needMajor, minor: needMinor } = SUPPORTED_NODE;
  if (major > needMajor || (major === needMajor && minor >= needMinor)) return undefined;
  return (
    `${what} needs Node ${needMajor}.${needMinor} or later, and this is Node ${version}: ` +
    'install a newer Node (nvm install 24), or add it to the project (npm install --save-dev node@24; npm scripts then run on it)'
  );
}
