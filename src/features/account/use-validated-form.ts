import { useState, type FormEvent } from 'react';

type Errors<F> = Partial<Record<keyof F, string>>;

/**
 * Form state with SPEC 5's rule: on submit the messages show, and the form is sent only when there
 * are none. After a first submit, messages follow the typing so a fixed field loses its error.
 */
export function useValidatedForm<F extends object>(initial: F, validate: (values: F) => Errors<F>) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors<F>>({});
  const [submitted, setSubmitted] = useState(false);

  const change =
    <K extends keyof F>(field: K) =>
    (value: F[K]) => {
      const next = { ...values, [field]: value };
      setValues(next);
      if (submitted) setErrors(validate(next));
    };

  const handleSubmit = (onValid: (values: F) => void) => (event: FormEvent) => {
    event.preventDefault();
    const found = validate(values);
    setSubmitted(true);
    setErrors(found);
    if (Object.keys(found).length === 0) onValid(values);
  };

  const reset = () => {
    setValues(initial);
    setErrors({});
    setSubmitted(false);
  };

  return { values, errors, change, handleSubmit, reset };
}
