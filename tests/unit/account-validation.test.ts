import { describe, expect, it } from 'vitest';
import { toProfileUpdate } from '../../src/shared/account/profile-update';
import { validateForgotPassword } from '../../src/features/account/validate-forgot-password';
import { validateLogin } from '../../src/features/account/validate-login';
import { validateRegister } from '../../src/features/account/validate-register';
import { validateResetPassword } from '../../src/features/account/validate-reset-password';

describe('login validation (R-VAL-1)', () => {
  it('asks for both fields when empty', () => {
    expect(validateLogin({ email: '', password: '' })).toEqual({
      email: 'Email is required !',
      password: 'Password is required !',
    });
  });

  it.each(['jane', 'jane@', 'jane@example', 'ja ne@example.com', '@example.com'])('says "Invalid Email !" for %j', (email) => {
    expect(validateLogin({ email, password: 'secret1' })).toEqual({ email: 'Invalid Email !' });
  });

  it('needs a password longer than 5 characters', () => {
    expect(validateLogin({ email: 'jane@example.co.uk', password: '12345' })).toEqual({
      password: 'Password Shoud be at least 6 charachters !',
    });
    expect(validateLogin({ email: 'jane@example.co.uk', password: '123456' })).toEqual({});
  });
});

describe('register validation (R-VAL-2)', () => {
  const valid = { name: 'Jane Doe', email: 'jane@example.co.uk', password: 'secret1', acceptedTerms: true };

  it('accepts a complete form', () => {
    expect(validateRegister(valid)).toEqual({});
  });

  it('needs a full name of at least 6 characters', () => {
    expect(validateRegister({ ...valid, name: '  ' }).name).toBe('Full name is required !');
    expect(validateRegister({ ...valid, name: 'Jane' }).name).toBe('Full name shoud be at least 6 charachters !');
  });

  it('refuses a full name that reads like staff or a system label, as the server does (issue 24)', () => {
    const staff = 'Full name must be your own name: names like Admin, Support, Staff, Sparkle Cleaning or Deleted user are kept for the company';
    for (const name of ['Sam Admin', 'Deleted user #3', 'Sparkle Cleaning staff']) expect(validateRegister({ ...valid, name }).name).toBe(staff);
    expect(validateRegister({ ...valid, name: 'Adam Inglis' })).toEqual({});
  });

  it('checks email and password as login does', () => {
    expect(validateRegister({ ...valid, email: 'nope', password: '' })).toEqual({
      email: 'Invalid Email !',
      password: 'Password is required !',
    });
  });

  it('needs the terms ticked', () => {
    expect(validateRegister({ ...valid, acceptedTerms: false })).toEqual({
      acceptedTerms: 'You shoud agree on terms and conditions before your registration !',
    });
  });
});

describe('reset password validation (R-VAL-3)', () => {
  it('needs both passwords', () => {
    expect(validateResetPassword({ password: '', confirmation: '' })).toEqual({
      password: 'Password is required !',
      confirmation: 'Password is required !',
    });
  });

  it('says "Passwords dont match !" when they differ', () => {
    expect(validateResetPassword({ password: 'secret1', confirmation: 'secret2' })).toEqual({
      confirmation: 'Passwords dont match !',
    });
    expect(validateResetPassword({ password: 'secret1', confirmation: 'secret1' })).toEqual({});
  });
});

describe('forgotten password validation', () => {
  it('needs a well-formed email', () => {
    expect(validateForgotPassword({ email: '' })).toEqual({ email: 'Email is required !' });
    expect(validateForgotPassword({ email: 'jane@example.co.uk' })).toEqual({});
  });
});

describe('profile update payload (R-AUTH-8)', () => {
  it('sends empty fields as null', () => {
    expect(toProfileUpdate({ name: '', email: ' ', oldPassword: '', newPassword: '' })).toEqual({
      name: null,
      email: null,
      oldPassword: null,
      newPassword: null,
    });
  });

  it('sends filled fields, trimming name and email but not passwords', () => {
    expect(toProfileUpdate({ name: ' Jane Smith ', email: 'j@example.com', oldPassword: ' old pw', newPassword: 'new pw ' })).toEqual({
      name: 'Jane Smith',
      email: 'j@example.com',
      oldPassword: ' old pw',
      newPassword: 'new pw ',
    });
  });
});
