/**
 * The lib's tests run in Node, whose globalThis is not the EventTarget a browser's window is: the window events the
 * lib raises and listens to (toast-raised.ts, knowledge-changed.ts) go to one EventTarget here instead.
 */
const windowEvents = new EventTarget();
Object.assign(globalThis, {
  addEventListener: windowEvents.addEventListener.bind(windowEvents),
  removeEventListener: windowEvents.removeEventListener.bind(windowEvents),
  dispatchEvent: windowEvents.dispatchEvent.bind(windowEvents),
});
