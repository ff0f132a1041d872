// The end-to-end server's data directory, one per port: the server writes its mail there and the
// journeys read it (e-mail verification and password reset links), so both must name it alike.
import os from 'node:os';
import path from 'node:path';

export const e2eDataDir = (port) => path.join(os.tmpdir(), `catalogue-e2e-${port}`);
