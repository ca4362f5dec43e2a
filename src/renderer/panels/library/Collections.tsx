/**
 * The Library's collections sidebar (issue 31, point 4): every collection (an `.m3u8` playlist in
 * the library folder) with its count, "All items", and "New collection". Rows dragged from the
 * list onto a collection are added to it.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { ListMusic, Plus } from 'lucide-react';
import { Button } from '../../components';
import { errorText, useTranslation } from '../../i18n';
import {
  addToCollection,
  createCollection,
  dismissCollectionsError,
  loadCollections,
  openCollection,
  takeCarried,
  useCollections,
} from './collections-store';
import './collections.css';

export function CollectionsSidebar() {
  const { t } = useTranslation();
  const list = useCollections((s) => s.list);
  const openId = useCollections((s) => s.openId);
  const error = useCollections((s) => s.error);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  /** The collection a drag from the list is over (highlighted). */
  const [dropOn, setDropOn] = useState<string | null>(null);
  useEffect(() => {
    void loadCollections();
  }, []);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim()) return;
    void createCollection(name.trim()).then((c) => {
      if (c) {
        setNaming(false);
        setName('');
      }
    });
  };
  return (
    <nav className="collections-sidebar" aria-labelledby="collections-title">
      <h2 className="collections-title small" id="collections-title">
        {t('library:collections.title')}
      </h2>
      <ul className="collections-list">
        <li>
          <button
            type="button"
            className="collections-item"
            aria-current={openId === null ? 'true' : undefined}
            onClick={() => openCollection(null)}
          >
            {t('library:collections.all')}
          </button>
        </li>
        {(list ?? []).map((c) => (
          <li key={c.id}>
            <button
              type="button"
              className={`collections-item${dropOn === c.id ? ' collections-item-drop' : ''}`}
              aria-current={openId === c.id ? 'true' : undefined}
              onClick={() => openCollection(c.id)}
              // rows dragged from the list (one, or the selection) are added on a drop here
              onDragOver={(e) => {
                if (!takeCarried(true)) return;
                e.preventDefault();
                e.dataTransfer.dropEffect = 'copy';
                setDropOn(c.id);
              }}
              onDragLeave={() => setDropOn(null)}
              onDrop={(e) => {
                const ids = takeCarried();
                setDropOn(null);
                if (!ids) return;
                e.preventDefault();
                e.stopPropagation();
                void addToCollection(c.id, [...ids]);
              }}
            >
              <ListMusic size={14} aria-hidden />
              <span className="collections-name" translate="no">
                {c.name}
              </span>
              <span className="collections-count small muted">{c.itemIds.length}</span>
            </button>
          </li>
        ))}
      </ul>
      {naming ? (
        <form className="collections-new" onSubmit={submit}>
          <input
            className="input"
            autoFocus
            aria-label={t('library:collections.nameLabel')}
            placeholder={t('library:collections.namePlaceholder')}
            value={name}
            maxLength={120}
            onChange={(e) => setName(e.currentTarget.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') setNaming(false);
            }}
          />
          <Button size="small" variant="primary" type="submit" disabled={!name.trim()}>
            {t('library:collections.create')}
          </Button>
        </form>
      ) : (
        <button
          type="button"
          className="collections-item collections-add"
          onClick={() => setNaming(true)}
        >
          <Plus size={14} aria-hidden /> {t('library:collections.new')}
        </button>
      )}
      {error && (
        <p role="alert" className="small library-error">
          {errorText(error)}{' '}
          <button type="button" className="link-button" onClick={dismissCollectionsError}>
            {t('library:collections.dismiss')}
          </button>
        </p>
      )}
    </nav>
  );
}
