/*
 * A command-line solver for Simon Tatham's Pearl (Masyu), built by
 * scripts/peers/tatham.sh beside the source of sgt-puzzles, outside the
 * repository. Pearl's own STANDALONE_SOLVER program (pearlsolver,
 * pearlbench) is a generator soak test that takes no game ID, so this file
 * gives Pearl the command line that Loopy's solver has:
 *
 *     pearlsolve GAME-ID      e.g. pearlsolve 6x6:cWWdBbBeBdWbWhB
 *
 * It runs Pearl's own deductive solver, pearl_solve(), at each difficulty
 * from Easy up to Tricky (as loopysolver grades from Easy up to Hard) and
 * prints what loopysolver prints: the solved board in Pearl's text format
 * (game_text_format: `B`, `W`, `+` cells, `-` and `|` the loop),
 * "Puzzle is inconsistent" (no solution), or "Unable to find a unique
 * solution" (its deductions stop: several solutions, or a puzzle harder
 * than Tricky). Exit status 0 after any of these, 1 for a bad game ID.
 *
 * pearl.c is included whole, so the solver is the game's, unchanged; it is
 * compiled without STANDALONE_SOLVER and linked with nullfe.c and the
 * collection's common files, as the CMake build links its solvers.
 */
#include "pearl.c"

int main(int argc, char **argv)
{
    game_params *params;
    game_state *state;
    const char *err;
    char *id, *desc, *text;
    int diff, ret = 2;

    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, "usage: %s GAME-ID (e.g. 6x6:cWWdBbBeBdWbWhB)\n", argv[0]);
        return 1;
    }
    id = dupstr(argv[1]);
    desc = strchr(id, ':');
    if (!desc) {
        fprintf(stderr, "%s: game id expects a colon in it\n", argv[0]);
        return 1;
    }
    *desc++ = '\0';

    params = default_params();
    decode_params(params, id);
    err = validate_params(params, true);
    if (!err)
        err = validate_desc(params, desc);
    if (err) {
        fprintf(stderr, "%s: %s\n", argv[0], err);
        return 1;
    }
    state = new_game(NULL, params, desc);

    for (diff = 0; diff < DIFFCOUNT; diff++) {
        ret = pearl_solve(params->w, params->h, state->shared->clues,
                          state->lines, diff, false);
        if (ret < 2)
            break;
    }

    if (ret == 0) {
        printf("Puzzle is inconsistent\n");
    } else if (ret == 1) {
        text = game_text_format(state);
        fputs(text, stdout);
        sfree(text);
    } else {
        printf("Unable to find a unique solution\n");
    }

    free_game(state);
    free_params(params);
    sfree(id);
    return 0;
}
