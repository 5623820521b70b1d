// Sharing and importing: Copy link and the link it made, and native results brought in by the
// file picker or by dropping the JSON on the zone.
import type { PageState } from '../state/store';
import type { Actions } from './actions';
import type { Elements } from './layout';

export function shareView(el: Elements, actions: Actions) {
  el.copy.addEventListener('click', () => actions.copyLink());
  el.importInput.addEventListener('change', () => actions.importNative(el.importInput.files?.[0]));
  const zone = el.importZone;
  zone.addEventListener('dragover', (e) => {
    e.preventDefault();
    zone.classList.add('dragging');
  });
  zone.addEventListener('dragleave', () => zone.classList.remove('dragging'));
  zone.addEventListener('drop', (e) => {
    e.preventDefault();
    zone.classList.remove('dragging');
    actions.importNative(e.dataTransfer?.files[0]);
  });
  let url = '';
  return (s: PageState) => {
    if (s.shareUrl === url) return;
    url = s.shareUrl;
    el.share.value = url;
    el.share.select();
  };
}
