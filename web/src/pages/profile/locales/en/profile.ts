/** The profile page: the user's details and the change-password form. */
export default {
  about: {
    title: 'About me',
    username: 'User name',
    roles: 'Roles',
    level: 'User level',
    introduction: 'Introduction',
    noIntroduction: 'No introduction',
  },
  password: {
    title: 'Change password',
    current: 'Current password',
    new: 'New password',
    confirm: 'Confirm new password',
    submit: 'Change password',
    success: 'Password changed. Your other sessions were signed out and your API keys ended.',
  },
};
