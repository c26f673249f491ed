#!/usr/bin/env node
// The `cast` executable: runs cli/cast.ts through tsx, from any directory and through `npm link`
// (Node resolves this file's real path, so tsx comes from the project's node_modules).
import { register } from 'tsx/esm/api';

register();
await import('../cast.ts');
