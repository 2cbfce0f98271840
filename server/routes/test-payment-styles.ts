/**
 * The stylesheet of the test payment pages, served as a file (not inline) so the pages can carry a
 * strict Content-Security-Policy. The look is a card provider's own checkout in test mode.
 */
export const TEST_PAYMENT_CSS = `
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #0f172a;
  background: #f1f5f9; line-height: 1.5; }
.test-banner { margin: 0; padding: 0.5rem 1rem; background: #fef3c7; color: #78350f; text-align: center;
  font-size: 0.9rem; border-bottom: 1px solid #f59e0b; }
.test-banner strong { letter-spacing: 0.06em; }
main { max-width: 28rem; margin: 2rem auto; padding: 0 1rem; }
.card { background: #fff; border-radius: 12px; box-shadow: 0 4px 16px rgb(15 23 42 / 0.1); padding: 1.5rem; }
.provider { margin: 0 0 1rem; font-size: 0.85rem; font-weight: 600; color: #4338ca; text-transform: uppercase;
  letter-spacing: 0.08em; }
h1 { margin: 0 0 0.25rem; font-size: 1.5rem; }
.merchant { margin: 0; color: #475569; }
.amount { margin: 1rem 0; font-size: 2.25rem; font-weight: 700; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 1rem; margin: 0 0 1.25rem; }
dt { color: #475569; }
dd { margin: 0; overflow-wrap: anywhere; }
.test-card { margin: 0 0 1.25rem; padding: 0.75rem; border: 1px dashed #94a3b8; border-radius: 8px;
  background: #f8fafc; color: #334155; font-size: 0.9rem; }
.actions { display: flex; flex-direction: column; gap: 0.75rem; }
.actions form { margin: 0; }
button { width: 100%; min-height: 2.75rem; border-radius: 8px; font: inherit; font-weight: 600; cursor: pointer; }
.pay { border: 0; background: #4338ca; color: #fff; }
.pay:hover { background: #3730a3; }
.cancel { border: 1px solid #64748b; background: #fff; color: #0f172a; }
.cancel:hover { background: #f1f5f9; }
button:focus-visible, a:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
a { color: #4338ca; }
.footnote { margin: 1rem 0 0; text-align: center; color: #475569; font-size: 0.85rem; }
`;
