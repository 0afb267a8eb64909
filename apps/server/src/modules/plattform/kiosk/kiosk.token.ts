import { createHash, randomBytes } from 'node:crypto';

/** hex SHA-256 of a device token or an unpaired device's secret: only this is stored. */
export const hashKioskToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** 32 random bytes, base64url, with a prefix that says what it is. */
export const neuerKioskToken = () => `kio_${randomBytes(32).toString('base64url')}`;
