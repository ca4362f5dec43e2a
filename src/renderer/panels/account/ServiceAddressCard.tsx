import { useState, type FormEvent } from 'react';
import type { AccountStatus } from '@shared/domain/account';
import { ADDRESS_PROBLEM_KEYS, checkServiceAddress } from '@shared/domain/account-rules';
import { changeServiceAddress, setFieldError, useAccountStore } from '../../stores/account';
import { describedBy, FieldNotes, useFieldIds } from './FieldNotes';
import { useTranslation } from '../../i18n';
import { fieldMessage } from './format';

/** The service address. Main asks for confirmation; a cancelled change keeps the old address. */
export function ServiceAddressCard({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  return (
    <section className="card">
      <div className="card-head">
        <h2 className="card-title">{t('account:service.title')}</h2>
      </div>
      {/* Remounts with a fresh field whenever the stored address changes. */}
      <AddressForm key={status.baseUrl} status={status} />
    </section>
  );
}

function AddressForm({ status }: { status: AccountStatus }) {
  const { t } = useTranslation();
  const [address, setAddress] = useState(status.baseUrl);
  const changing = useAccountStore((s) => s.changingAddress);
  const addressError = useAccountStore((s) => s.addressError);
  const ids = useFieldIds();
  const error = fieldMessage(addressError, ['address', 'baseUrl', 'url', '0']);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (changing) return;
    const checked = checkServiceAddress(address);
    if (!checked.ok) {
      const message = t(ADDRESS_PROBLEM_KEYS[checked.problem]);
      setFieldError('address', { code: 'validation', message, fields: { address: message } });
      return;
    }
    const current = checkServiceAddress(status.baseUrl);
    if (current.ok && current.origin === checked.origin) {
      const message = t('account:rules.addressSame');
      setFieldError('address', { code: 'validation', message, fields: { address: message } });
      return;
    }
    const outcome = await changeServiceAddress(address.trim());
    if (outcome === 'cancelled') setAddress(status.baseUrl);
  };

  return (
    <form className="field" onSubmit={(e) => void onSubmit(e)} noValidate>
      <label htmlFor={ids.inputId} className="field-label">
        {t('account:service.address')}
      </label>
      <div className="field-row">
        <input
          id={ids.inputId}
          name="service-address"
          type="url"
          inputMode="url"
          className="input mono"
          autoComplete="off"
          spellCheck={false}
          value={address}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(ids, error)}
          onChange={(e) => {
            setAddress(e.target.value);
            if (addressError) setFieldError('address', null);
          }}
        />
        <button type="submit" className="button" disabled={changing}>
          {t('account:service.change')}
        </button>
      </div>
      <FieldNotes ids={ids} error={error}>
        {status.isDefaultBaseUrl ? t('account:service.hosted') : t('account:service.custom')}{' '}
        {t('account:service.hint')}
      </FieldNotes>
    </form>
  );
}
