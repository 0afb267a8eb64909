/** Whether this browser can use passkeys at this address (WebAuthn needs a secure context: https or localhost). */
export const passkeysSupported = () =>
  typeof window !== 'undefined' && window.isSecureContext && typeof window.PublicKeyCredential === 'function';
