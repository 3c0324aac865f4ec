// omnichess measurement harness for ftxi/5dchess_engine (tools/ftxi-5dchess/README.md).
// Built by tools/ftxi-5dchess/build.sh against ftxi's core library; run by
// tools/ftxi-5dchess/compare.sh beside crates/variants/examples/count_5d_actions.rs, which prints
// the same lines for omnichess.
//
//   ftxi-harness [--cap N] [--reps R] FILE.5dpgn...
//   ftxi-harness --moves FILE.5dpgn...
//
// For each game: read the 5DPGN, replay it (the main line, as ftxi's own state(game) constructor
// does), keep the position at the start of every turn, then
//   - count the legal actions at every position, stopping at N (default 1000, as the counts of
//     crates/variants/tests/data/multiverse/cwmtt/action_counts.tsv are capped), with ftxi's default
//     search (HC_info::build_HC + search, as `5dtools count`); only that is timed;
//   - time "is the final position over?" as `5dtools checkmate` answers it: a first legal
//     action (build_HC + search().first()), and when there is none, whether the opponent could
//     take a royal piece if the mover passed (checkmate) or not (stalemate).
// The counting is run R times (default 1), the final test 10·R times (it takes well under a
// millisecond), and the fastest run of each is reported. One line per game:
//   game=NAME positions=P count_ms=T final_ms=F final=none|checkmate|stalemate peak_kb=K
//   slowest=I:MS times=MS0,MS1,... counts=C0,C1,...
// peak_kb is the process's peak resident memory so far (VmHWM); slowest the position (from 0)
// whose counting took longest, and times each position's counting time, in the fastest run. A game that cannot be read gives
//   game=NAME error=MESSAGE
// and the exit status is 1.
//
// With --moves, nothing is timed: for every position the game reaches, one line
//   game=NAME position=I moves=M1,M2,...
// the moves of the pieces on the mover's playable boards (ftxi's gen_movable_pieces and
// gen_piece_move: each piece's moves by its movement rules, before any check test), in 5DUCI's
// long form (`(0T1)e2(0T1)e4`, no promotion piece), sorted. A game read only in part gives its
// positions up to the move that failed, then the error line.

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <limits>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "hypercuboid.h"
#include "pgnparser.h"
#include "state.h"

namespace
{
using clock_type = std::chrono::steady_clock;

double ms_since(clock_type::time_point start)
{
    return std::chrono::duration<double, std::milli>(clock_type::now() - start).count();
}

long peak_kb()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while(std::getline(status, line))
    {
        if(line.rfind("VmHWM:", 0) == 0)
        {
            return std::stol(line.substr(6));
        }
    }
    return -1;
}

std::string base_name(const std::string &path)
{
    auto slash = path.find_last_of('/');
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string one_line(std::string s)
{
    std::replace(s.begin(), s.end(), '\n', ' ');
    std::replace(s.begin(), s.end(), '\t', ' ');
    return s;
}

// Plays one action (the moves of one turn) and submits it, as state::state(const game&) does.
void play_action(state &s, const pgnparser_ast::actions &act)
{
    for(const auto &mv : act.moves)
    {
        auto [fm_opt, pt_opt, candidates] = s.parse_move(mv);
        if(!fm_opt.has_value())
        {
            std::ostringstream oss;
            oss << (candidates.empty() ? "invalid move: " : "ambiguous move: ") << mv;
            throw std::runtime_error(oss.str());
        }
        bool ok = pt_opt.has_value() ? s.apply_move<false>(*fm_opt, to_white(*pt_opt))
                                     : s.apply_move<false>(*fm_opt);
        if(!ok)
        {
            std::ostringstream oss;
            oss << "illegal move: " << mv << " (parsed as " << *fm_opt << ")";
            throw std::runtime_error(oss.str());
        }
    }
    if(!s.submit())
    {
        std::ostringstream oss;
        oss << "cannot submit after: " << act;
        throw std::runtime_error(oss.str());
    }
}

// The position at the start of every turn of the game's main line, the final one included; a
// move that cannot be played throws, with the positions before it in `partial` when given.
std::vector<state> positions(const std::string &text, std::vector<state> *partial = nullptr)
{
    auto game = pgnparser(text).parse_game();
    if(!game)
    {
        throw std::runtime_error("the 5DPGN does not parse");
    }
    pgnparser_ast::gametree tree = std::move(game->gt);
    game->gt = pgnparser_ast::gametree{};
    state s(*game);
    std::vector<state> out{s};
    const pgnparser_ast::gametree *gt = &tree;
    while(std::holds_alternative<pgnparser_ast::gametree::variations_t>(gt->variations_or_outcome))
    {
        const auto &variations = std::get<pgnparser_ast::gametree::variations_t>(gt->variations_or_outcome);
        if(variations.empty())
        {
            break;
        }
        const auto &[act, next] = variations.back();
        try
        {
            play_action(s, act);
        }
        catch(const std::exception &)
        {
            if(partial)
            {
                *partial = out;
            }
            throw;
        }
        out.push_back(s);
        gt = next.get();
    }
    return out;
}

// Legal actions from the start of the turn, stopping at cap (`5dtools count`'s default search).
int count_actions(const state &s, int cap)
{
    auto [info, space] = HC_info::build_HC(s);
    int n = 0;
    for(auto &&action : info.search(std::move(space)))
    {
        (void)action;
        if(++n >= cap)
        {
            break;
        }
    }
    return n;
}

// `5dtools checkmate`: "none" when there is a legal action, else checkmate or stalemate.
const char *final_verdict(const state &s)
{
    auto [info, space] = HC_info::build_HC(s);
    if(info.search(std::move(space)).first())
    {
        return "none";
    }
    const auto [present, player] = s.get_present();
    (void)present;
    return s.phantom().find_checks(!player).first() ? "checkmate" : "stalemate";
}

// The moves of the pieces on the mover's playable boards, in 5DUCI's long form, sorted.
std::vector<std::string> piece_moves(const state &s)
{
    std::vector<std::string> out;
    for(vec4 p : s.gen_movable_pieces())
    {
        for(vec4 q : s.gen_piece_move(p))
        {
            std::string m = full_move(p, q).to_string();
            if(q.t() == p.t() && q.l() == p.l())
            {
                // to_string writes a move within one board short: the board twice, as 5DUCI's
                // long form (and omnichess) write it.
                m.insert(m.size() - 2, m.substr(0, m.find(')') + 1));
            }
            out.push_back(m);
        }
    }
    std::sort(out.begin(), out.end());
    out.erase(std::unique(out.begin(), out.end()), out.end());
    return out;
}

// Reads the game in `path` into `list`, every position it reaches (up to a move ftxi refuses);
// returns why it stopped early, or "" when the whole game was read.
std::string read_game(const std::string &path, std::vector<state> &list)
{
    std::ifstream in(path);
    if(!in)
    {
        return "cannot read " + path;
    }
    std::ostringstream text;
    text << in.rdbuf();
    try
    {
        list = positions(text.str(), &list);
    }
    catch(const std::exception &e)
    {
        return one_line(e.what());
    }
    return "";
}

int print_moves(const std::string &path)
{
    const std::string name = base_name(path);
    std::vector<state> list;
    const std::string error = read_game(path, list);
    for(std::size_t i = 0; i < list.size(); i++)
    {
        std::cout << "game=" << name << " position=" << i << " moves=";
        auto moves = piece_moves(list[i]);
        for(std::size_t k = 0; k < moves.size(); k++)
        {
            std::cout << (k ? "," : "") << moves[k];
        }
        std::cout << '\n';
    }
    if(!error.empty())
    {
        std::cout << "game=" << name << " error=" << error << std::endl;
        return 1;
    }
    std::cout << std::flush;
    return 0;
}

int run_game(const std::string &path, int cap, int reps)
{
    const std::string name = base_name(path);
    std::vector<state> list;
    const std::string error = read_game(path, list);
    if(!error.empty())
    {
        std::cout << "game=" << name << " error=" << error << std::endl;
        return 1;
    }

    std::vector<int> counts;
    std::vector<double> best_times;
    double best_total = std::numeric_limits<double>::infinity();
    std::size_t slowest = 0;
    double slowest_ms = 0;
    for(int r = 0; r < reps; r++)
    {
        std::vector<int> these;
        std::vector<double> times;
        for(const state &s : list)
        {
            auto start = clock_type::now();
            int n = count_actions(s, cap);
            times.push_back(ms_since(start));
            these.push_back(n);
        }
        if(r == 0)
        {
            counts = these;
        }
        else if(these != counts)
        {
            std::cout << "game=" << name << " error=counts differ between runs" << std::endl;
            return 1;
        }
        double total = 0;
        for(double t : times) total += t;
        if(total < best_total)
        {
            best_total = total;
            best_times = times;
            slowest = std::max_element(times.begin(), times.end()) - times.begin();
            slowest_ms = times[slowest];
        }
    }

    double best_final = std::numeric_limits<double>::infinity();
    const char *verdict = "none";
    for(int r = 0; r < 10 * reps; r++)
    {
        auto start = clock_type::now();
        verdict = final_verdict(list.back());
        best_final = std::min(best_final, ms_since(start));
    }

    char buffer[256];
    std::snprintf(buffer, sizeof buffer, "count_ms=%.3f final_ms=%.3f", best_total, best_final);
    std::cout << "game=" << name << " positions=" << list.size() << ' ' << buffer
              << " final=" << verdict << " peak_kb=" << peak_kb();
    std::snprintf(buffer, sizeof buffer, " slowest=%zu:%.3f", slowest, slowest_ms);
    std::cout << buffer << " times=";
    for(std::size_t i = 0; i < best_times.size(); i++)
    {
        std::snprintf(buffer, sizeof buffer, "%s%.4f", i ? "," : "", best_times[i]);
        std::cout << buffer;
    }
    std::cout << " counts=";
    for(std::size_t i = 0; i < counts.size(); i++)
    {
        std::cout << (i ? "," : "") << counts[i];
    }
    std::cout << std::endl;
    return 0;
}

int usage()
{
    std::cerr << "usage: ftxi-harness [--cap N] [--reps R] FILE.5dpgn...\n"
                 "       ftxi-harness --moves FILE.5dpgn...\n";
    return 2;
}
} // namespace

int main(int argc, char *argv[])
{
    int cap = 1000;
    int reps = 1;
    bool moves = false;
    std::vector<std::string> files;
    for(int i = 1; i < argc; i++)
    {
        std::string arg = argv[i];
        if((arg == "--cap" || arg == "--reps") && i + 1 < argc)
        {
            int value = std::atoi(argv[++i]);
            if(value < 1) return usage();
            (arg == "--cap" ? cap : reps) = value;
        }
        else if(arg == "--moves")
        {
            moves = true;
        }
        else if(arg.rfind("--", 0) == 0)
        {
            return usage();
        }
        else
        {
            files.push_back(arg);
        }
    }
    if(files.empty()) return usage();
    int status = 0;
    for(const std::string &f : files)
    {
        status |= moves ? print_moves(f) : run_game(f, cap, reps);
    }
    return status;
}
