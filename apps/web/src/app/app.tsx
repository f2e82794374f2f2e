import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createRouter } from './router';
import { SessionGate } from './session-gate';

export function App() {
  const [router] = useState(createRouter);
  return (
    <Providers>
      <SessionGate>
        <RouterProvider router={router} />
      </SessionGate>
    </Providers>
  );
}
