// jsdom has <dialog> but not its modal behaviour: showModal, close, and Esc cancelling the
// dialog on top. Enough of it for tests of components that use a native modal dialog (import
// this file in the test). Browsers, not this file, are what the e2e journeys check.
if (typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal !== 'function') {
  const modals: HTMLDialogElement[] = [];

  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    if (this.open) return;
    this.setAttribute('open', '');
    modals.push(this);
  };

  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement, returnValue?: string) {
    if (!this.open) return;
    this.removeAttribute('open');
    modals.splice(modals.indexOf(this), 1);
    if (returnValue !== undefined) this.returnValue = returnValue;
    this.dispatchEvent(new Event('close'));
  };

  // As a browser does: Esc fires a cancellable `cancel` at the top modal, then closes it.
  document.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape') return;
    // A test's cleanup removes its dialogs without closing them.
    for (let index = modals.length - 1; index >= 0; index -= 1) {
      if (!modals[index].isConnected) modals.splice(index, 1);
    }
    const top = modals.at(-1);
    if (!top) return;
    if (top.dispatchEvent(new Event('cancel', { cancelable: true }))) top.close();
  });
}
