import { useState } from 'react';
import { KioskScreen } from '../components/kiosk-screen';
import { PairingForm } from '../components/pairing-form';
import { clearPairing, readPairing, writePairing } from '../lib/pairing';

/** `/kiosk`: a tablet with a USB card reader becomes a time clock once paired with a device ID and secret. */
export function KioskPage() {
  const [credentials, setCredentials] = useState(readPairing);
  if (!credentials) {
    return (
      <PairingForm
        onPaired={(paired) => {
          writePairing(paired);
          setCredentials(paired);
        }}
      />
    );
  }
  return (
    <KioskScreen
      credentials={credentials}
      onUnpaired={() => {
        clearPairing();
        setCredentials(null);
      }}
    />
  );
}
