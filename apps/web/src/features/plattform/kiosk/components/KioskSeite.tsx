import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { gespeicherterToken, speichereToken } from '../api/kiosk-api';
import { KioskKopplung } from './KioskKopplung';
import { KioskTafel } from './KioskTafel';

/** `/kiosk`: the pairing code while this device has no token, else the board; a revoked token returns to pairing. */
export function KioskSeite() {
  const queryClient = useQueryClient();
  const [token, setToken] = useState<string | null>(() => gespeicherterToken());
  const merke = useCallback((neu: string) => {
    speichereToken(neu);
    setToken(neu);
  }, []);
  const entkoppelt = useCallback(() => {
    speichereToken(null);
    setToken(null);
    queryClient.removeQueries({ queryKey: ['kiosk'] });
  }, [queryClient]);
  return token ? (
    <KioskTafel token={token} onToken={merke} onEntkoppelt={entkoppelt} />
  ) : (
    <KioskKopplung onGekoppelt={merke} />
  );
}
