// messages.ts in French.
import type { Translation } from "../i18n/index.ts";
import type { en } from "./messages.ts";

export default {
  "users.total.one": "{{count}} utilisateur",
  "users.title": "Utilisateurs",
  "users.loadFailed": "Impossible de charger les utilisateurs.",
  "users.searchUsername": "Rechercher par nom d'utilisateur",
  "users.allRoles": "Tous les rôles",
  "users.id": "ID",
  "users.username": "Nom d'utilisateur",
  "users.email": "E-mail",
  "users.role": "Rôle",
  "users.firstName": "Prénom",
  "users.lastName": "Nom",
  "users.password": "Mot de passe",
  "users.confirmPassword": "Confirmer le mot de passe",
  "users.actions": "Actions",
  "users.you": "vous",
  "users.empty": "Aucun utilisateur trouvé.",
  "users.total": "{{count}} utilisateurs",
  "users.createNewUser": "Créer un utilisateur",
  "users.create": "Créer",
  "users.createSuccess": "Création réussie",
  "users.createFailed": "Échec de la création.",
  "users.roleChanged": "Le rôle de {{username}} est maintenant {{role}}.",
  "users.roleFailed": "Échec du changement de rôle.",
  "users.changePassword": "Changer le mot de passe",
  "users.changePasswordOf": "Changer le mot de passe de {{username}}",
  "users.newPassword": "Nouveau mot de passe",
  "users.confirmNewPassword": "Confirmer le nouveau mot de passe",
  "users.passwordSuccess": "Mot de passe modifié avec succès",
  "users.passwordFailed": "Échec du changement de mot de passe.",
  "users.delete": "Supprimer",
  "users.deleteTitle": "Supprimer l'utilisateur",
  "users.deleteConfirm":
    "Supprimer {{username}} ? Sa session est fermée immédiatement et il ne pourra plus se connecter.",
  "users.deleted": "{{username}} supprimé.",
  "users.deleteFailed": "Échec de la suppression.",
  "users.roleName.SuperAdmin": "Super-administrateur",
  "users.roleName.Admin": "Administrateur",
  "users.roleName.Lead": "Chef d'équipe",
  "users.roleName.User": "Utilisateur",
  "Username must be at least 5 characters":
    "Le nom d'utilisateur doit contenir au moins 5 caractères",
  "Username may use only 3-30 letters, digits, _ or -":
    "Le nom d'utilisateur ne peut contenir que 3 à 30 lettres, chiffres, _ ou -",
  "You cannot give a role above your own.":
    "Vous ne pouvez pas attribuer un rôle supérieur au vôtre.",
} satisfies Translation<typeof en>;
