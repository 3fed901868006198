/** What the user-management pages share: password and template dialogs, the person a page is about (docs/people.md). */
export default {
  newPassword: 'New password for {username}',
  password: 'Password',
  passwordSet: 'The password was changed; their sessions were signed out.',
  template: 'Template',
  templateFor: 'Permission template of {username}',
  templateHelp: 'The template decides which registers they see and may write on every device they reach.',
  templateSet: 'The template was changed.',
  username: 'User name',
  name: 'Name',
  company: 'Company',
};
