/** What `cast install zed` does: hosts/acp/install-zed.ts. */
export { installZed as run } from '../../hosts/acp/install-zed';
